import type { FastifyRequest } from 'fastify';
import { isUpload, type ResourceDescriptor } from '../../lib/resources/index.js';
import { pageCountOf } from '../../lib/paging.js';
import { REVISIONS_PER_PAGE, type Revision, type RevisionSummary } from '../../lib/revisions.js';
import type { Page } from '../../lib/types.js';
import { nowIso } from '../content/visibility.js';
import type { RevisionRow } from '../db/schema.js';
import type { Db, Row, Trx, Values } from '../resources/hooks.js';

/**
 * The fields a revision keeps and a restore writes back: every declared field but images and files. A replaced
 * file is deleted once the save that replaced it commits, so a revision would point to a file that is gone; a
 * restore therefore leaves the record's images and files as they are now.
 */
export const restorableFields = (resource: ResourceDescriptor): string[] =>
  Object.entries(resource.fields)
    .filter(([, field]) => !isUpload(field))
    .map(([name]) => name);

/**
 * Where the site has other languages, a save hands over the record's versions in them as `translations` (a
 * snapshot of server/translations/): a revision keeps them beside the fields, and a restore writes them back.
 */
const TRANSLATIONS = 'translations';

/** The values a revision of this row compares and keeps: the declared fields, and the translations when handed over. */
const keptNames = (resource: ResourceDescriptor, row: Row): string[] =>
  TRANSLATIONS in row ? [...Object.keys(resource.fields), TRANSLATIONS] : Object.keys(resource.fields);

/** Column values compared as the database answers them (a JSON column is compared as its text). */
const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Keeps the version `before` a save turned into `after`, inside the save's transaction, when any declared field
 * changed; then drops the record's versions beyond the newest `REVISIONS_KEEP`.
 */
export function keepRevision(trx: Trx, request: FastifyRequest, resource: ResourceDescriptor, before: Row, after: Row): Promise<void> {
  const author = { id: request.user?.id ?? null, email: request.user?.email ?? '' };
  return keepRevisionBy(trx, author, request.server.config.revisionsKeep, resource, before, after);
}

/** Who made a version: an account, or a command (no id, its name as the e-mail). */
export interface RevisionAuthor {
  id: number | null;
  email: string;
}

/** `keepRevision` for a change made outside a request (a command), keeping the newest `keep` versions. */
export async function keepRevisionBy(trx: Trx, author: RevisionAuthor, keep: number, resource: ResourceDescriptor, before: Row, after: Row): Promise<void> {
  const changed = keptNames(resource, before).filter((name) => !sameValue(before[name], after[name]));
  if (changed.length === 0) return;
  const restored = TRANSLATIONS in before ? [...restorableFields(resource), TRANSLATIONS] : restorableFields(resource);
  const values = Object.fromEntries(restored.map((name) => [name, before[name] ?? null]));
  await trx
    .insertInto('revisions')
    .values({
      resource: resource.name,
      record_id: before.id,
      field_values: JSON.stringify(values),
      changed: JSON.stringify(changed),
      user_id: author.id,
      user_email: author.email,
      created_at: nowIso(),
    })
    .execute();
  const kept = trx
    .selectFrom('revisions')
    .select('id')
    .where('resource', '=', resource.name)
    .where('record_id', '=', before.id)
    .orderBy('id', 'desc')
    .limit(keep);
  await trx.deleteFrom('revisions').where('resource', '=', resource.name).where('record_id', '=', before.id).where('id', 'not in', kept).execute();
}

const SUMMARY_COLUMNS = ['id', 'created_at', 'user_id', 'user_email', 'changed'] as const;

const summaryOf = (row: Pick<RevisionRow, (typeof SUMMARY_COLUMNS)[number]>): RevisionSummary => ({
  id: row.id,
  created_at: row.created_at,
  user_id: row.user_id,
  user_email: row.user_email,
  changed: JSON.parse(row.changed) as string[],
});

/** One page of a record's history, newest first: who saved, when and which fields, never the kept values. */
export async function listRevisions(db: Db, resource: ResourceDescriptor, recordId: number, page: number): Promise<Page<RevisionSummary>> {
  const ofRecord = db.selectFrom('revisions').where('resource', '=', resource.name).where('record_id', '=', recordId);
  const [counted, rows] = await Promise.all([
    ofRecord.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
    ofRecord
      .select(SUMMARY_COLUMNS)
      .orderBy('id', 'desc')
      .limit(REVISIONS_PER_PAGE)
      .offset((page - 1) * REVISIONS_PER_PAGE)
      .execute(),
  ]);
  const total = Number(counted?.count ?? 0);
  return { items: rows.map(summaryOf), page, perPage: REVISIONS_PER_PAGE, pageCount: pageCountOf(total, REVISIONS_PER_PAGE), total };
}

/** One version of the record, or null when the id names no version of this record. */
export async function findRevision(db: Db, resource: ResourceDescriptor, recordId: number, revisionId: number): Promise<Revision | null> {
  const row = await db
    .selectFrom('revisions')
    .selectAll()
    .where('id', '=', revisionId)
    .where('resource', '=', resource.name)
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  return row ? { ...summaryOf(row), values: JSON.parse(row.field_values) as Values } : null;
}

/** Drops a record's history once the record itself is deleted for good (at once, or when its trash entry is purged). */
export async function forgetRevisions(trx: Trx, resource: string, recordId: number): Promise<void> {
  await trx.deleteFrom('revisions').where('resource', '=', resource).where('record_id', '=', recordId).execute();
}
