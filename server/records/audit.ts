import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { currentQueryLog, QueryLog, withQueryLog } from '../db/queryLog.js';
import type { Database, Db } from '../db/schema.js';

export interface AuditEntry {
  /**
   * The verb, as the route names it: `add`, `update`, `remove`, `remove-img`, `fix`, `unfix`, `move-up`,
   * `move-down`, `move-up-fixed`, `move-down-fixed`; plain REST uses `create`, `update`, `delete`; sessions use
   * `login`, `login-failed`, `logout`; `npm run typography` records `typography`.
   */
  action: string;
  /** The admin resource name of docs/admin-api.md: `news`, `media-our`, `photobank-logos`, `users`, `session`… */
  resource: string;
  /** The record's id (or a text page's identifier); omit or null when no single record is concerned. */
  recordId?: number | string | null;
  /** Who acted, when it is not `request.user` (login, where no one is signed in yet). */
  actor?: { id: number | null; email: string };
  /** What changed, in words, where the action does not say it: `Роль: USER → press`. */
  details?: string | null;
}

const MAX_TEXT = 320;

/**
 * Records one admin write in `audit_log`: who (`request.user`, set by `requireAccess`), what (`action` on
 * `resource`), which record, when, and from where (`request.ip`, proxy-aware). Call it after the write succeeded,
 * from every admin write route:
 *
 * ```ts
 * await recordAudit(request, { action: 'update', resource: 'news', recordId: id });
 * ```
 *
 * Inside a transaction, pass it as the third argument so the entry commits or rolls back with the write:
 * `await recordAudit(request, { … }, trx)`.
 */
export async function recordAudit(request: FastifyRequest, entry: AuditEntry, db: Db = request.server.db): Promise<void> {
  const actor = entry.actor ?? (request.user ? { id: request.user.id, email: request.user.email } : { id: null, email: '' });
  await insertAudit(db, { ...entry, actor, ip: request.ip ?? '' });
}

/**
 * Runs one admin write in a transaction and records it there, so that the write and its audit entry commit or
 * roll back together. `write` answers the written row; its `id` is the audited record.
 */
export function auditedWrite<T extends { id?: number | string | null }>(
  request: FastifyRequest,
  entry: Pick<AuditEntry, 'action' | 'resource'>,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  // The tables written, by this transaction and by whatever the request wrote before it (logged per request).
  const writes = currentQueryLog() ?? new QueryLog({ forWrites: true });
  return withQueryLog(writes, () =>
    request.server.db.transaction().execute(async (trx) => {
      const row = await write(trx);
      await recordAudit(request, { ...entry, recordId: row.id }, trx);
      return row;
    }),
  ).then(async (row) => {
    // Committed: the next request, on this process or another, must see the change, so no public answer that read
    // what it wrote (the records it changed, their resource's lists, a table it wrote as a whole) may come from a
    // cache any more; the answer waits until the other processes were told. What is derived from a few records (the
    // sitemap's files) is read again only for the written one.
    await request.server.pageCache.invalidate({
      tables: writes.wroteUnknown ? null : [...writes.written],
      records: Object.fromEntries([...writes.writtenRecords].map(([table, ids]) => [table, [...ids]])),
      rows: writes.knownRowChanges(),
      where: Object.fromEntries(writes.writtenWhere),
      changed: typeof row.id === 'number' ? { resource: entry.resource, id: row.id } : null,
    });
    return row;
  });
}

/** The same entry without a request (the command-line tool records its changes with the ip `cli`). */
export async function insertAudit(db: Db, entry: AuditEntry & { actor: { id: number | null; email: string }; ip: string }): Promise<void> {
  const recordId = entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId).slice(0, MAX_TEXT);
  await db
    .insertInto('audit_log')
    .values({
      user_id: entry.actor.id,
      user_email: entry.actor.email.slice(0, MAX_TEXT),
      action: entry.action.slice(0, 64),
      resource: entry.resource.slice(0, 64),
      record_id: recordId,
      ip: entry.ip.slice(0, 64),
      created_at: new Date().toISOString(),
      details: entry.details ? entry.details.slice(0, MAX_TEXT) : null,
    })
    .execute();
}

/** Who wrote a record last and when, from its newest audit entry: the name (or e-mail) and the time. */
export async function lastWriteOf(db: Db, resource: string, recordId: number): Promise<{ by: string; at: string } | null> {
  const entry = await db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.user_id')
    .select(['audit_log.user_email', 'audit_log.created_at', 'users.name'])
    .where('audit_log.resource', '=', resource)
    .where('audit_log.record_id', '=', String(recordId))
    .orderBy('audit_log.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return entry ? { by: entry.name ? `${entry.name} (${entry.user_email})` : entry.user_email, at: entry.created_at } : null;
}
