import { z } from 'zod';
import { resourceTag, TAGS } from '../http/openapi/document.js';
import { FILE_FORMAT_LABELS, type FileFormat } from '../../lib/resources/index.js';
import { mediaTypeOf } from '../files/mediaTypes.js';
import { jsonAnswer, operation } from '../http/openapi/operation.js';
import { imageCrop, imageVariant, int, moment } from '../http/openapi/shapes.js';

/** The documented operations of the media library beside its generic reads and update. */

const assets = resourceTag('assets');
const ALL_FORMATS = Object.keys(FILE_FORMAT_LABELS) as FileFormat[];

export const assetRecord = z.object({
  id: int,
  folder_id: int.nullable(),
  folder_name: z.string().nullable(),
  kind: z.enum(['image', 'document']),
  format: z.string(),
  name: z.string(),
  alt: z.string(),
  caption: z.string(),
  size: int.meta({ description: 'Bytes.' }),
  width: int.nullable(),
  height: int.nullable(),
  focal_x: z.number(),
  focal_y: z.number(),
  url: z.string().meta({ description: "A picture's file; a document's lasting address, which replacing its file keeps." }),
  thumbnail: z.string().nullable(),
  created_at: moment,
  updated_at: moment,
  uses: int,
  sha256: z.string().optional().meta({ description: 'A read of one asset only.' }),
  variants: z.array(imageVariant).optional().meta({ description: 'A read of one asset only.' }),
  crops: z.array(imageCrop).optional().meta({ description: 'A read of one asset only: the crops around the focal point.' }),
  version: int.optional(),
  previous_file: z
    .object({ format: z.string(), size: int, url: z.string(), replaced_at: moment })
    .nullable()
    .optional()
    .meta({ description: 'A read of one asset only: the file before the last replacement, which `revert-file` puts back (staff only).' }),
});

export const assetUse = z.object({
  resource: z.string(),
  record_id: int,
  field: z.string(),
  title: z.string(),
  admin_path: z.string().meta({ description: 'The record in the admin, e.g. `/news/12`.' }),
  published: z.boolean().meta({ description: 'Whether visitors see the record now.' }),
});

const oneFile = { properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] };

export const ASSET_DOCS = {
  upload: operation({
    summary: 'Upload one file into the library',
    description: 'One file per request. `201 { asset }`, or `200 { duplicate }` when the library holds the same bytes (nothing stored again).',
    tag: assets,
    success: jsonAnswer('The duplicate already in the library', z.object({ duplicate: assetRecord })),
    answers: { 201: jsonAnswer('The new asset', z.object({ asset: assetRecord })) },
    uploads: oneFile,
    errors: [413, 415],
  }),
  move: operation({ summary: 'Move assets into a folder', tag: assets, success: jsonAnswer('How many moved', z.object({ moved: int })) }),
  uses: operation({
    summary: 'Where an asset is used',
    description: 'Refused (403) unless the role may edit every resource whose records use it.',
    tag: assets,
    success: jsonAnswer('Its uses', z.array(assetUse)),
    errors: [403, 404],
  }),
  remove: operation({
    summary: 'Remove an asset into the trash',
    description:
      'Refused with `409 { message, uses }` while it is used, unless `?confirm=uses`; refused (403) unless the role may edit every resource whose records use it. Where a resource is under review, a USER is refused (403) while a live record of it uses the asset: only a MANAGER may change what its page shows.',
    tag: assets,
    data: assetRecord,
    errors: [403, 404, 409],
  }),
  replace: operation({
    summary: "Replace an asset's file",
    description:
      "Keeps the asset's id and a document's address, and the file it replaces until the next replacement (`revert-file` undoes it); re-cuts a picture's variants and updates every record that uses it. The file is of the asset's kind, fits every field using it and is checked and re-encoded as an upload; refused (403) unless the role may edit every resource whose records use it. Where a resource is under review, a USER is refused (403) while a live record of it uses the asset: only a MANAGER may change what its page shows.",
    tag: assets,
    data: assetRecord,
    uploads: oneFile,
    errors: [403, 404, 409, 413, 415],
  }),
  revertFile: operation({
    summary: "Undo the last replacement of an asset's file",
    description:
      "The file kept from before the last replacement is the asset's file again, in every record that uses it; the replacing file goes. `409` when there is none; the rights, review and formats of the uses apply as to a replacement.",
    tag: assets,
    data: assetRecord,
    errors: [403, 404, 409, 415],
  }),
  file: operation({
    summary: "An asset's current file",
    description:
      'The lasting address of a library file: always its current version, revalidated (`ETag`, `Cache-Control: no-cache`). Answers anyone only while a record visitors see uses it; else 404 but for the staff (a Bearer header or the `access_token` cookie), cached privately.',
    tag: TAGS.lists.name,
    success: {
      description: 'The file: a picture shown inline, a document as a download under its name.',
      content: Object.fromEntries(ALL_FORMATS.map((format) => [mediaTypeOf(format), { schema: { type: 'string', contentMediaType: mediaTypeOf(format) } }])),
    },
    errors: [404],
  }),
};
