import type { Kysely } from 'kysely';
import type { PresenceEditor, RecordPresence } from '../../lib/presence.js';
import type { Database } from '../db/schema.js';

/** One open edit screen: whose, which tab, on which record. */
export interface Screen {
  userId: number;
  tab: string;
  resource: string;
  recordId: number;
}

/** The screen is open at `at`: its first heartbeat adds its row, the next ones move `last_seen` on. */
export async function announce(db: Kysely<Database>, screen: Screen, at: string): Promise<void> {
  await db
    .insertInto('presence')
    .values({ user_id: screen.userId, tab: screen.tab, resource: screen.resource, record_id: screen.recordId, since: at, last_seen: at })
    .onConflict((conflict) => conflict.columns(['user_id', 'tab', 'resource', 'record_id']).doUpdateSet({ last_seen: at }))
    .execute();
}

/** The screen was left: its row goes at once instead of expiring. */
export async function release(db: Kysely<Database>, screen: Screen): Promise<void> {
  await db
    .deleteFrom('presence')
    .where('user_id', '=', screen.userId)
    .where('tab', '=', screen.tab)
    .where('resource', '=', screen.resource)
    .where('record_id', '=', screen.recordId)
    .execute();
}

/**
 * The people other than `userId` whose screens on the resource's records were seen after `seenAfter`, one entry per
 * person and record (the earliest open tab gives «since»), named by their name or, without one, their e-mail.
 */
function othersQuery(db: Kysely<Database>, resource: string, userId: number, seenAfter: string) {
  return db
    .selectFrom('presence')
    .innerJoin('users', 'users.id', 'presence.user_id')
    .select((eb) => ['presence.record_id', 'presence.user_id', 'users.name', 'users.email', eb.fn.min('presence.since').as('since')])
    .where('presence.resource', '=', resource)
    .where('presence.user_id', '<>', userId)
    .where('presence.last_seen', '>', seenAfter)
    .groupBy(['presence.record_id', 'presence.user_id', 'users.name', 'users.email'])
    .orderBy('since')
    .orderBy('presence.user_id');
}

const editorOf = (row: { user_id: number; name: string; email: string; since: string }): PresenceEditor => ({
  user_id: row.user_id,
  name: row.name.trim() || row.email,
  since: row.since,
});

/** Who else has this record open. */
export async function othersOnRecord(db: Kysely<Database>, screen: Omit<Screen, 'tab'>, seenAfter: string): Promise<PresenceEditor[]> {
  const rows = await othersQuery(db, screen.resource, screen.userId, seenAfter).where('presence.record_id', '=', screen.recordId).execute();
  return rows.map(editorOf);
}

/** Which records of the resource others have open, and who: one query for a whole list. */
export async function othersInResource(db: Kysely<Database>, resource: string, userId: number, seenAfter: string): Promise<RecordPresence[]> {
  const byRecord = new Map<number, RecordPresence>();
  for (const row of await othersQuery(db, resource, userId, seenAfter).execute()) {
    const record = byRecord.get(row.record_id) ?? { id: row.record_id, editors: [] };
    record.editors.push(editorOf(row));
    byRecord.set(row.record_id, record);
  }
  return [...byRecord.values()].sort((a, b) => a.id - b.id);
}

/** Deletes the rows of screens no longer seen (closed tabs, lost networks); answers how many. */
export async function pruneExpired(db: Kysely<Database>, seenBefore: string): Promise<number> {
  const result = await db.deleteFrom('presence').where('last_seen', '<=', seenBefore).executeTakeFirst();
  return Number(result.numDeletedRows);
}
