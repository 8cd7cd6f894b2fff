import { z } from 'zod';
import { MAX_ID } from '../../lib/ids.js';
import {
  FIELD_MESSAGES,
  ICON_PATTERN,
  IDENTIFIER_PATTERN,
  isColumnUpload,
  isUpload,
  urlProblem,
  type Field,
  type ResourceDescriptor,
  type UploadField,
} from '../../lib/resources/index.js';
import { parseId } from '../records/listQuery.js';
import { emptyToUndefined, flag, integer, isoDate, optionalId, richHtml, slugField, text } from '../records/validate.js';

/**
 * The body schemas of a resource's writes, built from its declared fields: the limits and messages the admin
 * shows come from the same declaration. Files are not part of the body (they are read from the multipart form).
 */

type Shape = Record<string, z.ZodType>;

function textSchema(field: Extract<Field, { kind: 'text' }>): z.ZodType {
  const base = field.required ? text(field.max).min(1) : text(field.max);
  if (field.pattern === 'identifier') return base.refine((value) => value === '' || IDENTIFIER_PATTERN.test(value), FIELD_MESSAGES.identifier);
  if (field.pattern === 'icon') return base.refine((value) => ICON_PATTERN.test(value), FIELD_MESSAGES.icon);
  return base;
}

/** A url field's text: a web address or a path on the site, as the field allows. */
export function urlSchema(field: Extract<Field, { kind: 'url' }>) {
  const base = field.required ? text(field.max).min(1) : text(field.max);
  return base.superRefine((value, context) => {
    const problem = urlProblem(field, value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}

/** The schema of one field's value, or null for a file field. */
export function fieldSchema(field: Field): z.ZodType | null {
  switch (field.kind) {
    case 'text':
      return textSchema(field);
    case 'slug':
      return slugField;
    case 'html':
      return richHtml;
    case 'url':
      return urlSchema(field);
    case 'flag':
      return flag;
    case 'date':
      // An optional date cleared in a form (`''`, or `null` from JSON) means none: the record's date is removed.
      return field.required ? isoDate : z.preprocess((value) => (value === '' ? null : value), isoDate.nullable());
    case 'integer':
      // An optional number cleared in a form (`''`, or `null` from JSON) means none: the record keeps or gets the default.
      return field.required ? integer(field.min, field.max) : z.preprocess(emptyToUndefined, integer(field.min, field.max).optional());
    case 'choice': {
      const keys = field.choices.map((choice) => choice.id) as [string, ...string[]];
      const choice = z.enum(keys, { error: `Допустимые значения: ${keys.join(', ')}.` });
      return field.nullable ? z.preprocess((value) => (value === '' ? null : value), choice.nullable()) : choice;
    }
    case 'reference':
      return field.required ? optionalId.refine((value) => value !== null, FIELD_MESSAGES.required) : optionalId;
    case 'image':
    case 'files':
      return null;
  }
}

/** A form's text part holding JSON (`{"asset":12}`) as the value it stands for; anything else as it is. */
function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

const assetId = z.strictObject({ asset: integer(1, MAX_ID) }, { error: 'Ожидается { "asset": номер файла в медиатеке }.' }).transform((value) => value.asset);

/**
 * A library asset put into a picture or single-file field: `{ "asset": 12 }` in JSON, or that JSON as a form's text
 * part beside (or instead of) a file. Empty (`''` or `null`) changes nothing: the specification's verbs remove a
 * picture with `remove-img/{id}`.
 */
export const assetReference = z.preprocess((value) => (value === '' || value === null ? undefined : parsedJson(value)), assetId.optional());

/**
 * The same in a plain REST resource's writes, whose `PUT` also removes: `null` (JSON) or an empty text part (a form)
 * empties the field, its files going as a replaced file's do; a required field refuses it.
 */
const removableAssetReference = (field: UploadField) =>
  z.preprocess(
    (value) => (value === '' ? null : parsedJson(value)),
    assetId
      .nullable()
      .optional()
      .refine((value) => value !== null || !field.required, field.missing ?? FIELD_MESSAGES.fileMissing),
  );

export interface WriteSchemas {
  add: z.ZodObject<Shape>;
  update: z.ZodObject<Shape>;
  /** Each body field's schema as a required value. */
  fields: Shape;
}

/**
 * `add` requires the required fields and takes the others as sent; `update` takes any subset. `extra` adds the
 * fields a resource's hook reads itself (a logo's colour values, the files to keep).
 */
export function writeSchemas(resource: ResourceDescriptor, extra: Shape = {}): WriteSchemas {
  const add: Shape = {};
  const update: Shape = {};
  const fields: Shape = { ...extra };
  for (const [name, field] of Object.entries(resource.fields)) {
    if (isColumnUpload(field)) {
      const reference = resource.api === 'rest' ? removableAssetReference(field) : assetReference;
      add[name] = reference;
      update[name] = reference;
      continue;
    }
    if (isUpload(field)) continue;
    const schema = extra[name] ?? fieldSchema(field);
    if (!schema) continue;
    fields[name] = schema;
    const required = 'required' in field && field.required === true;
    add[name] = required ? schema : schema.optional();
    update[name] = schema.optional();
  }
  for (const [name, schema] of Object.entries(extra)) {
    if (!(name in resource.fields)) {
      add[name] = schema.optional();
      update[name] = schema.optional();
    }
  }
  return { add: z.object(add), update: z.object(update), fields };
}

/** What a field holds when an add does not send it. */
export function defaultOf(field: Field): string | number | null | undefined {
  switch (field.kind) {
    case 'text':
    case 'slug':
    case 'html':
    case 'url':
      return '';
    case 'flag':
      return field.default;
    case 'choice':
    case 'reference':
    case 'image':
      return null;
    default:
      return undefined;
  }
}

/** A record id in a route's path: a parameter that is not one makes the route answer 404 (see the validator compiler). */
export const idParam = z.string().transform((value, context) => {
  try {
    return parseId(value);
  } catch {
    context.addIssue({ code: 'custom', message: 'Запись не найдена.' });
    return z.NEVER;
  }
});

/** The `:id` of a route. */
export const idParams = z.object({ id: idParam });
