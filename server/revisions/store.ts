import type { FastifyRequest } from 'fastify';
import { isUpload, type ResourceDescriptor } from '../../lib/resources/index.js';
import type { Revision, RevisionSummary } from '../../lib/revisions.js';
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
  const changed = Object.keys(resource.fields).filter((name) => !sameValue(before[name], after[name]));
  if (changed.length === 0) return;
  const values = Object.fromEntries(restorableFields(resource).map((name) => [name, before[name] ?? null]));
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

const summaryOf = (row: RevisionRow): RevisionSummary => ({
  id: row.id,
  created_at: row.created_at,
  user_id: row.user_id,
  user_email: row.user_email,
  changed: JSON.parse(row.changed) as string[],
});

/** A record's history, newest first. */
export async function listRevisions(db: Db, resource: ResourceDescriptor, recordId: number): Promise<RevisionSummary[]> {
  const rows = await db
    .selectFrom('revisions')
    .selectAll()
    .where('resource', '=', resource.name)
    .where('record_id', '=', recordId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(summaryOf);
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
