import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { resourceTag } from '../http/openapi/document.js';
import { operation } from '../http/openapi/operation.js';
import { int, moment } from '../http/openapi/shapes.js';

/** The documented shapes and operations of drafts and review (server/review). */

export const reviewComment = z
  .object({ text: z.string(), user_email: z.string(), at: moment })
  .nullable()
  .meta({ description: "The MANAGER's latest comment on a returned draft; null when none." });

export const draftView = z
  .object({
    values: z.record(z.string(), z.unknown()).meta({ description: 'The draft as an update would send it, `translations` included.' }),
    version: int.meta({ description: "The draft's version: the `If-Match` of its next save, publication or discarding." }),
    saved_at: moment,
    user_email: z.string(),
    publish_at: moment.nullable().meta({ description: 'When it is to be published by itself; null when not scheduled.' }),
    changed: z.array(z.string()).meta({ description: 'The fields whose draft value differs from the live record.' }),
  })
  .nullable();

export const reviewState = z.enum(['none', 'in_review', 'changes_requested']);

/** What every row of a list of a resource that keeps drafts tells of its draft. */
const reviewRequired = z
  .boolean()
  .meta({ description: "Whether the signed-in user's changes of the record wait for a MANAGER's review (a USER's, where review was asked for)." });

const draftFlagsShape = {
  has_draft: z.boolean().meta({ description: 'Whether the record has a draft (unpublished changes).' }),
  review_state: reviewState,
};

/** What a list row adds for a resource that keeps drafts. */
export const draftRowShape = {
  ...draftFlagsShape,
  draft_mine: z.boolean().meta({ description: 'Whether the signed-in user saved the draft (a returned one is theirs to rework).' }),
  review_required: reviewRequired,
};

/** What a record read adds for a resource that keeps drafts. */
export const draftStateShape = {
  ...draftFlagsShape,
  draft: draftView,
  review_comment: reviewComment,
  review_required: reviewRequired,
};

export const publishBody = z
  .object({
    publish_at: z.iso
      .datetime({ offset: true })
      .nullable()
      .optional()
      .meta({ description: 'Publish at this moment instead of now (a past moment publishes now); null or absent: now.' }),
  })
  .strict();

export const commentBody = z.object({ comment: z.string().trim().min(1, 'Напишите, что доработать.').max(4000) }).strict();

export interface DraftDocs {
  save: FastifySchema;
  publish: FastifySchema;
  discard: FastifySchema;
  submit: FastifySchema;
  requestChanges: FastifySchema;
}

const IF_MATCH = 'Send `If-Match: "<draft version>"` (the live version while there is no draft) to refuse acting on a newer save (409 with `saved`).';

/** The draft operations of one resource; `record` is its record read shape with the draft state. */
export function draftDocs(name: string, record: z.ZodType): DraftDocs {
  const tag = resourceTag(name);
  const it = `\`${name}\``;
  return {
    save: operation({
      summary: `Save the draft of a ${it} record`,
      description: `The body of an update (JSON, or a multipart form's text fields as the update reads them; files are chosen from the media library, and a file sent is refused with 400), kept beside the live record, which stays as it is: nothing visitors read changes. A draft saved again takes the sent fields over the ones it held; a change of a draft sent for review or scheduled ends both (\`review_state\` back to \`none\`, \`publish_at\` null, the MANAGERs told by a letter and the audit entry \`withdraw-review\`). ${IF_MATCH}`,
      tag,
      data: record,
      errors: [400, 404, 409],
    }),
    publish: operation({
      summary: `Publish the draft of a ${it} record`,
      description:
        'Saves the draft onto the live record as an update does (checks, history, search, sitemap, feeds, IndexNow, page cache), or schedules that for `publish_at`. 403 for a USER where the resource is under review; 409 when the live record changed since the draft was begun (send `X-Conflict-Resolution: overwrite` to publish anyway).',
      tag,
      data: record,
      errors: [400, 403, 404, 409],
    }),
    discard: operation({ summary: `Discard the draft of a ${it} record`, description: IF_MATCH, tag, data: record, errors: [404, 409] }),
    submit: operation({
      summary: `Send the draft of a ${it} record for review`,
      description: 'The draft waits for a MANAGER (`review_state` `in_review`); the MANAGERs get a letter.',
      tag,
      data: record,
      errors: [404, 409],
    }),
    requestChanges: operation({
      summary: `Return the draft of a ${it} record for changes`,
      description: 'MANAGER only: `review_state` becomes `changes_requested` with the comment, which its author gets by letter.',
      tag,
      data: record,
      errors: [400, 403, 404, 409],
    }),
  };
}
