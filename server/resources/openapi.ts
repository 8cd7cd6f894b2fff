import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { FILE_FORMAT_LABELS, isUpload, MB, type ResourceDescriptor } from '../../lib/resources/index.js';
import { resourceTag } from '../http/openapi/document.js';
import { LIST_HEADERS, operation, VERSION_HEADERS, type JsonSchema, type Uploads } from '../http/openapi/operation.js';
import { pageOf, previewLink, revision, revisionSummary } from '../http/openapi/shapes.js';
import { listRowSchemaOf, recordSchemaOf } from './recordSchemas.js';
import type { TranslationLocale } from '../../lib/locales.js';
import { translatedListRowSchema, translatedRecordSchema } from '../translations/openapi.js';
import { draftDocs, draftRowShape, draftStateShape, type DraftDocs } from '../review/openapi.js';

/**
 * The documented operations of one admin resource, built from its declaration like its routes: the reads in
 * ra-data-simple-rest conventions, the writes in the style it declares, its history and preview.
 */

const json = (example: string, description: string) =>
  z
    .string()
    .optional()
    .meta({ description, examples: [example] });

/** The query of an admin list read (server/records/listQuery.ts); anything malformed is a 400 naming the parameter. */
export const LIST_QUERY = z.object({
  sort: json('["public_at","DESC"]', 'JSON `["column","ASC"|"DESC"]`; the columns the resource lets sort on, or `id`.'),
  range: json('[0,24]', 'JSON `[first, last]`, both included, at most 1000 rows; all matching rows up to 1000 when absent.'),
  filter: json(
    '{"q":"отчёт","id":[1,2]}',
    "JSON object: `q` searches the list's text columns, `id` takes a list of ids, other keys the columns the resource filters on by equality.",
  ),
});

export interface ResourceDocs {
  list: FastifySchema;
  one: FastifySchema;
  add: FastifySchema;
  update: FastifySchema;
  remove: FastifySchema;
  /** A verb without a body (`fix`, `move-up`, `remove-img`…). */
  verb: (verb: string) => FastifySchema;
  revisions: FastifySchema;
  revision: FastifySchema;
  restoreRevision: FastifySchema;
  preview: FastifySchema;
  typeset: FastifySchema;
  /** The draft operations of a resource that keeps drafts. */
  drafts: DraftDocs;
}

/** A record read of a resource that keeps drafts also tells its draft and where its review stands. */
function withDraftState(record: z.ZodType, resource: ResourceDescriptor): z.ZodType {
  return resource.drafts && record instanceof z.ZodObject ? record.extend(draftStateShape) : record;
}

/** A list row of a resource that keeps drafts also tells whether it has one, where its review stands, whose it is and whether the user is under review. */
function withDraftFlags(row: z.ZodType, resource: ResourceDescriptor): z.ZodType {
  return resource.drafts && row instanceof z.ZodObject ? row.extend(draftRowShape) : row;
}

const VERB_SUMMARIES: Readonly<Record<string, string>> = {
  fix: 'Fix at the end of the fixed order',
  unfix: 'Unfix, closing the gap in the fixed order',
  'move-up': 'Move up within its group or category',
  'move-down': 'Move down within its group or category',
  'move-up-fixed': 'Move up among the fixed ones',
  'move-down-fixed': 'Move down among the fixed ones',
  'remove-img': 'Remove the image',
};

/**
 * The file parts of a resource's multipart writes: one file per field, or a list where it takes several. A plain REST
 * resource's update also removes an optional one sent as `null` or empty.
 */
function uploadsOf(resource: ResourceDescriptor, requiring: boolean): Uploads | undefined {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(resource.fields)) {
    if (!isUpload(field)) continue;
    const formats = field.formats.map((format) => FILE_FORMAT_LABELS[format]).join(', ');
    const removal = resource.api === 'rest' && !requiring && !field.required ? ' `null` in JSON, or an empty part, removes it.' : '';
    const file = { type: 'string', contentMediaType: 'application/octet-stream', description: `${formats}, up to ${field.maxBytes / MB} MB.${removal}` };
    const several = field.kind === 'files' && field.maxFiles > 1;
    properties[name] = several ? { type: 'array', items: file, maxItems: field.maxFiles } : file;
    if (requiring && field.required) required.push(name);
  }
  return Object.keys(properties).length ? { properties, required } : undefined;
}

const STALE = 'Send `If-Match: "<version>"` of the record as read to refuse overwriting a newer save (409 with `saved`).';

/** `locales`: the other languages the site translates the resource's records into (none with Russian alone). */
export function resourceDocs(resource: ResourceDescriptor, locales: readonly TranslationLocale[] = []): ResourceDocs {
  const tag = resourceTag(resource.name);
  const record = withDraftState(translatedRecordSchema(recordSchemaOf(resource), resource, locales), resource);
  const name = `\`${resource.name}\``;
  // A write on an existing record may name the version it was based on.
  const write = (summary: string, errors: (404 | 409)[], uploads?: Uploads) =>
    operation({ summary, ...(errors.includes(404) ? { description: STALE } : {}), tag, data: record, errors, ...(uploads ? { uploads } : {}) });
  return {
    list: operation({
      summary: `List ${name} records`,
      description: 'Drafts and scheduled items included; `Content-Range` tells the rows answered and the total.',
      tag,
      data: z.array(withDraftFlags(translatedListRowSchema(listRowSchemaOf(resource), locales), resource)),
      headers: LIST_HEADERS,
      query: LIST_QUERY,
      errors: [400],
    }),
    one: operation({ summary: `Read one ${name} record`, tag, data: record, headers: VERSION_HEADERS }),
    add: write(`Add a ${name} record`, [409], uploadsOf(resource, true)),
    update: write(`Update a ${name} record`, [404, 409], uploadsOf(resource, false)),
    remove: write(resource.trash ? `Move a ${name} record to the trash` : `Remove a ${name} record`, [404, 409]),
    verb: (verb) => operation({ summary: `${VERB_SUMMARIES[verb] ?? verb}: ${name}`, tag, data: record, errors: [400, 409] }),
    revisions: operation({
      summary: `History of a ${name} record`,
      description: "Newest first, in pages: who saved, when and which fields changed; a version's values are read one at a time.",
      tag,
      data: pageOf(revisionSummary),
      errors: [404],
    }),
    revision: operation({ summary: `One version of a ${name} record`, tag, data: revision }),
    restoreRevision: write(`Restore a version of a ${name} record`, [404, 409]),
    preview: operation({
      summary: `Preview link of a ${name} record`,
      description: locales.length
        ? `A signed link to its public page, valid for an hour; with \`?locale=${locales.join('|')}\`, to its page in that language (its slug there, else the Russian one), showing the version even unfinished. 404 when the record has no version in that language and its resource shows none in Russian instead.`
        : 'A signed link to its public page, valid for an hour.',
      tag,
      ...(resource.drafts
        ? {
            query: z.object({
              draft: z.literal('1').optional().meta({ description: "The page shows the texts of the record's draft (404 when it has none)." }),
            }),
          }
        : {}),
      data: previewLink,
      errors: locales.length ? [400, 404] : [404],
    }),
    typeset: operation({
      summary: `Typeset a field of a ${name} record`,
      description:
        'A field declared with Russian typography as a save would store it (rich HTML sanitised first), so that the form shows it before the save; nothing is stored. 400 names the field when its content is refused or its work outlasts the budget of 5 s.',
      tag,
      data: z.object({ value: z.string() }),
      errors: [400],
    }),
    drafts: draftDocs(resource.name, record),
  };
}
