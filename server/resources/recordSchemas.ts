import { z } from 'zod';
import type { Field, FilterType, ResourceDescriptor } from '../../lib/resources/index.js';
import { adminDownloadFile, flag, int, moment, publicImage, video } from '../http/openapi/shapes.js';

/**
 * The admin read shape of each resource's records as zod, built from its declaration: what `presentRow`
 * (server/resources/present.ts) answers, or the shape of the resource's own presenter. For the OpenAPI document
 * and its tests only.
 */

/** How a declared field reads: images as public images, a single file as its download, choices as their keys. */
export function fieldReadSchema(field: Field): z.ZodType | null {
  switch (field.kind) {
    case 'text':
    case 'slug':
    case 'html':
    case 'url':
      return z.string();
    case 'flag':
      return flag;
    case 'date':
      return field.required ? moment : moment.nullable();
    case 'integer':
      return field.required ? int : int.nullable();
    case 'choice': {
      const keys = z.enum(field.choices.map((choice) => choice.id) as [string, ...string[]]);
      return field.nullable ? keys.nullable() : keys;
    }
    case 'reference':
      return field.required ? int : int.nullable();
    case 'image':
      return publicImage.nullable();
    case 'files':
      // Several files are rows of their own, answered by the resource's presenter.
      return field.maxFiles === 1 ? adminDownloadFile.nullable() : null;
  }
}

/** The declared fields that read as a value, each with its schema. */
export function declaredReadShape(resource: ResourceDescriptor, names: readonly string[] = Object.keys(resource.fields)): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) {
    const field = resource.fields[name];
    const schema = field && fieldReadSchema(field);
    if (schema) shape[name] = schema;
  }
  return shape;
}

const FILTER_TYPES: Record<FilterType, z.ZodType> = { int: int.nullable(), text: z.string().nullable() };

export const userRecord = z.object({
  id: int,
  email: z.string(),
  name: z.string(),
  role: z.string().meta({ description: 'USER, MANAGER or the name of a role of `/api/admin/roles`.' }),
  active: flag,
  two_factor: flag,
  created_at: moment,
  updated_at: moment,
  version: int,
});

const logoItemRecord = z.object({
  id: int,
  category_id: int,
  type: z.enum(['logo', 'colour']),
  title: z.string(),
  position: int,
  preview: publicImage.nullable(),
  hex: z.string(),
  rgb: z.string(),
  cmyk: z.string(),
  pantone: z.string(),
  files: z.array(z.object({ id: int, format: z.string(), url: z.string(), size: int })),
  version: int,
});

/** A visitor's enquiry with its consent proof (server/resources/hooks/enquiries.ts). */
const enquiryRecord = z.object({
  id: int,
  status: z.enum(['new', 'in_progress', 'closed']),
  note: z.string(),
  topic_id: int.nullable(),
  topic_title: z.string().meta({ description: 'The topic as it was titled when the enquiry came.' }),
  name: z.string(),
  email: z.string(),
  phone: z.string().meta({ description: 'E.164, or empty.' }),
  message: z.string(),
  consent_text_id: int.meta({ description: 'The kept copy of the consent text agreed to (`GET /api/admin/enquiries/{id}/consent`).' }),
  consent_version: int.nullable().meta({ description: "The consent page's version agreed to." }),
  consent_at: moment,
  ip: z.string(),
  user_agent: z.string(),
  created_at: moment,
  created_on: z.string().meta({ description: 'The day it came (UTC), e.g. `2026-11-26`: the list filters on it.' }),
  updated_at: moment,
  version: int,
});

/** An audit log entry with the title of its record (server/resources/hooks/audit-log.ts). */
const auditRecord = z.object({
  id: int,
  user_id: int.nullable(),
  user_email: z.string(),
  action: z.string().meta({ description: 'The verb: `create`, `update`, `delete`, `login`… (docs/admin-api.md).' }),
  resource: z.string(),
  record_id: z.string().nullable(),
  ip: z.string(),
  created_at: moment,
  details: z.string().optional().meta({ description: 'What changed, in words, where the action does not say it: `Роль: USER → press`.' }),
  record_title: z.string().nullable().meta({ description: "The record's title (a removed one's as the trash keeps it); null when unknown." }),
  record_resource: z
    .string()
    .nullable()
    .meta({ description: 'The resource whose edit screen shows the record while it is there (`users` for sign-ins); null once it is gone.' }),
});

/** The columns a presenter adds to the list rows it answers, beside the declared list columns. */
const PRESENTED_LIST_COLUMNS: Readonly<Record<string, readonly string[]>> = { 'audit-log': ['record_title', 'record_resource'] };

/** The resources with a presenter of their own (server/resources/hooks/). */
const PRESENTED: Readonly<Record<string, z.ZodType>> = {
  users: userRecord,
  'media-video': z.object({ ...video.shape, published: flag, created_at: moment, updated_at: moment, version: int }),
  'photobank-logos': logoItemRecord,
  enquiries: enquiryRecord,
  'audit-log': auditRecord,
};

/**
 * A record as the admin reads it: `id`, the declared fields, the columns the list filters on, the timestamps
 * and `version` (every table but the audit log has one); other columns of the table come as they are.
 */
export function recordSchemaOf(resource: ResourceDescriptor): z.ZodType {
  const presented = PRESENTED[resource.name];
  if (presented) return presented;
  const filtered = Object.fromEntries(
    Object.entries(resource.list.filters)
      .filter(([name]) => !(name in resource.fields))
      .map(([name, type]) => [name, FILTER_TYPES[type]]),
  );
  const timestamps = resource.timestamps
    ? { created_at: moment, updated_at: moment }
    : resource.list.sortable.includes('created_at')
      ? { created_at: moment }
      : {};
  return z.looseObject({
    id: int,
    ...filtered,
    ...declaredReadShape(resource),
    ...timestamps,
    version: int.optional().meta({ description: 'Bumped by every write; send it back as `If-Match` to refuse overwriting a newer save.' }),
  });
}

/**
 * A row of an admin list: `id`, the record's declared list columns and its several-file fields (rows of their own,
 * at most `maxFiles` each), nothing else: never its rich text.
 */
export function listRowSchemaOf(resource: ResourceDescriptor): z.ZodType {
  const record = recordSchemaOf(resource);
  if (!(record instanceof z.ZodObject)) return record;
  const severalFiles = Object.entries(resource.fields).flatMap(([name, field]) => (field.kind === 'files' && field.maxFiles > 1 ? [name] : []));
  const carried = new Set(['id', ...resource.list.columns, ...severalFiles, ...(PRESENTED_LIST_COLUMNS[resource.name] ?? [])]);
  const mask: Record<string, true> = Object.fromEntries(Object.keys(record.shape).flatMap((name) => (carried.has(name) ? [[name, true]] : [])));
  return record.pick(mask as Record<string, true> & Record<number, never>);
}
