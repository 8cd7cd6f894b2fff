import { z } from 'zod';
import { LOCALES } from '../../../lib/locales.js';
import { TAGS } from '../../http/openapi/document.js';
import { LIST_HEADERS, operation } from '../../http/openapi/operation.js';
import { adminSearchResult, calendarItem, int, moment, recordPresence, presenceEditor } from '../../http/openapi/shapes.js';
import { resourceTag } from '../../http/openapi/document.js';
import { LIST_QUERY } from '../../resources/openapi.js';
import { userRecord } from '../../resources/recordSchemas.js';
import { roleRecord } from '../../roles/openapi.js';

/**
 * The documented operations of the admin beside its resources' generic routes: the signed-in user, the site's
 * settings the admin follows, the calendar, the admin's search, the users' writes, the redirects' import, the trash,
 * the IndexNow log, presence and kept form versions.
 */

const admin = TAGS.admin.name;
const users = resourceTag('users');

const trashEntry = z.object({
  id: int,
  resource: z.string(),
  record_id: int,
  title: z.string(),
  removed_by_email: z.string(),
  removed_at: moment,
  purge_at: moment.meta({ description: 'When the server purges it with its files.' }),
});

const indexNowNotice = z.object({
  id: int,
  urls: z.array(z.string()).meta({ description: 'The absolute addresses of the pages one write changed.' }),
  created_at: moment,
  due_at: moment.meta({ description: 'When the (next) attempt is due.' }),
  sent_at: moment.nullable().meta({ description: 'When the engine answered for good; null while waiting.' }),
  attempts: int,
  answer: z.string().meta({ description: "The engine's status and short text, e.g. `202`; '' while waiting." }),
  last_error: z.string().meta({ description: "The last failed attempt's reason; '' after none." }),
  state: z.enum(['waiting', 'accepted', 'refused']),
});

const formDraft = z.object({
  resource: z.string(),
  record_key: z.string(),
  values: z.record(z.string(), z.unknown()),
  version: int.nullable(),
  saved_at: moment,
});

const myWork = z.object({
  drafts: z
    .array(z.object({ resource: z.string(), record_key: z.string(), title: z.string(), saved_at: moment }))
    .meta({ description: "The user's kept form versions, newest first (up to 8), each with the title typed in it." }),
  edits: z
    .array(z.object({ resource: z.string(), record_id: z.string(), action: z.string(), title: z.string().nullable(), created_at: moment }))
    .meta({ description: 'The records the user changed last, each once, newest first (up to 8), with their titles.' }),
});

/** What a MANAGER chooses of «Настройки сайта». */
export const siteOptions = z
  .object({
    low_vision: z.boolean().meta({ description: 'Whether every public page offers the version for the visually impaired (on by default).' }),
  })
  .strict();

const siteSettings = z.object({
  locales: z.array(z.enum(LOCALES)).meta({ description: 'The site\'s languages (`SITE_LOCALES`): `["ru"]`, or `["ru", "en"]` with English on.' }),
  ...siteOptions.shape,
  drafts_first: z.boolean().meta({ description: "Whether the edit form's primary save of a live record keeps the changes as its draft (a MANAGER's choice)." }),
  reviewed: z.array(z.string()).meta({ description: "The resources whose changes by the signed-in user wait for a MANAGER's review (empty for a MANAGER)." }),
});

/** A period of the calendar, as `from`/`to` or inside react-admin's `filter`. */
const CALENDAR_QUERY = z.object({
  from: z.string().optional().meta({ description: 'ISO 8601 date or moment, e.g. `2026-05-01`.' }),
  to: z.string().optional().meta({ description: 'Later than `from`, at most 100 days after it.' }),
  filter: z.string().optional().meta({ description: 'Or both inside JSON: `{"from":…,"to":…}`.' }),
});

export const ADMIN_DOCS = {
  me: operation({
    summary: 'The signed-in user',
    description: "With `permissions`, what the account's role may do by resource, as `GET /api/admin/roles` answers a role's.",
    tag: admin,
    data: userRecord.extend({ permissions: roleRecord.shape.permissions }),
  }),
  siteSettings: operation({ summary: "The site's configuration the admin follows", tag: admin, data: siteSettings }),
  writeSiteSettings: operation({
    summary: '«Настройки сайта»: change what a MANAGER chooses',
    description: 'MANAGER only. Every public page is rendered again with the choice.',
    tag: admin,
    data: siteSettings,
    errors: [400],
  }),
  calendar: operation({
    summary: 'Items with a publication moment in a period, and the drafts',
    tag: admin,
    data: z.array(calendarItem),
    headers: LIST_HEADERS,
    query: CALENDAR_QUERY,
    errors: [400],
  }),
  search: operation({
    summary: "The admin's search of every resource the role may edit",
    tag: TAGS.search.name,
    data: z.array(adminSearchResult),
    headers: LIST_HEADERS,
    query: z.object({
      q: z.string().optional().meta({ description: 'The words to find (1–200 characters).' }),
      filter: z.string().optional().meta({ description: 'Or `q` inside JSON: `{"q":"…"}`.' }),
    }),
    errors: [400],
  }),
  trash: operation({
    summary: 'Removed records of the resources the role may edit',
    tag: admin,
    data: z.array(trashEntry),
    headers: LIST_HEADERS,
    query: LIST_QUERY,
    errors: [400],
  }),
  restore: operation({
    summary: 'Restore a removed record under its id',
    description: "Answers the record as its resource's admin read does.",
    tag: admin,
    data: z.looseObject({ id: int }),
    errors: [409],
  }),
  indexNow: operation({
    summary: 'The IndexNow notices, newest first',
    description: 'What the site told search engines of changed pages, and how they answered (MANAGER).',
    tag: admin,
    data: z.array(indexNowNotice),
    headers: LIST_HEADERS,
    query: LIST_QUERY,
    errors: [400],
  }),
  emptyTrash: operation({ summary: 'Purge every entry of the trash with its files', tag: admin, data: z.object({ purged: int }) }),
  announce: operation({ summary: 'This screen has the record open: who else has', tag: admin, data: z.array(presenceEditor), errors: [403] }),
  release: operation({ summary: 'This screen left the record', tag: admin, status: 204, success: { description: 'Released.' }, errors: [403] }),
  presence: operation({ summary: "The resource's records others have open", tag: admin, data: z.array(recordPresence), errors: [403] }),
  draft: operation({ summary: 'The kept unsaved version of a form', tag: admin, data: formDraft.nullable() }),
  myWork: operation({ summary: "The signed-in user's kept form versions and recent edits", tag: admin, data: myWork }),
  keepFormDraft: operation({ summary: 'Keep the unsaved version of a form', tag: admin, data: formDraft }),
  forgetFormDraft: operation({ summary: 'Remove the kept version of a form', tag: admin, data: z.object({ removed: z.boolean() }) }),
  createUser: operation({ summary: 'Add a staff account', tag: users, data: userRecord, status: 201, errors: [409] }),
  updateUser: operation({ summary: 'Change a staff account', tag: users, data: userRecord, errors: [409] }),
  deleteUser: operation({ summary: 'Delete a staff account', tag: users, data: userRecord, errors: [409] }),
  importRedirects: operation({
    summary: 'Import redirects from CSV',
    tag: resourceTag('redirects'),
    data: z.object({ imported: int }),
  }),
};
