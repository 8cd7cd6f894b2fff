import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A scheduled backup's outcome as recorded. */
export interface BackupRun {
  startedAt: string;
  finishedAt: string;
  archive: string | null;
  size: number | null;
  error: string | null;
}

export async function recordBackupRun(db: Kysely<Database>, run: BackupRun): Promise<void> {
  await db
    .insertInto('backup_runs')
    .values({
      started_at: run.startedAt,
      finished_at: run.finishedAt,
      succeeded: run.error === null ? 1 : 0,
      archive: run.archive,
      size: run.size,
      error: run.error,
    })
    .execute();
}

async function lastRun(db: Kysely<Database>, succeeded: 0 | 1): Promise<BackupRun | null> {
  const row = await db.selectFrom('backup_runs').selectAll().where('succeeded', '=', succeeded).orderBy('finished_at', 'desc').limit(1).executeTakeFirst();
  return row
    ? { startedAt: row.started_at, finishedAt: row.finished_at, archive: row.archive, size: row.size === null ? null : Number(row.size), error: row.error }
    : null;
}

/** The last scheduled backup that succeeded and the last that failed. */
export async function lastBackupRuns(db: Kysely<Database>): Promise<{ success: BackupRun | null; failure: BackupRun | null }> {
  return { success: await lastRun(db, 1), failure: await lastRun(db, 0) };
}

/**
 * The archives the schedule keeps, as the runs that made them recorded them: the newest `keep` successful runs,
 * newest first. Every process reads the same records, so each lists the same archives, whichever process made them
 * and whatever folder it sees; the schedule removes older ones from the shelf as it makes new ones.
 */
export async function keptArchives(db: Kysely<Database>, keep: number): Promise<{ name: string; size: number; createdAt: string }[]> {
  const rows = await db
    .selectFrom('backup_runs')
    .select(['archive', 'size', 'finished_at'])
    .where('succeeded', '=', 1)
    .where('archive', 'is not', null)
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(keep)
    .execute();
  return rows.map((row) => ({ name: row.archive ?? '', size: Number(row.size ?? 0), createdAt: row.finished_at }));
}

/** When the last scheduled backup finished successfully (for monitoring), or null when none has. */
export async function lastBackupSuccess(db: Kysely<Database>): Promise<Date | null> {
  const run = await lastRun(db, 1);
  return run ? new Date(run.finishedAt) : null;
}

/** Whether a run started at or after `since` (the schedule's latest moment): then the moment is taken care of. */
export async function ranSince(db: Kysely<Database>, since: string): Promise<boolean> {
  return Boolean(await db.selectFrom('backup_runs').select('id').where('started_at', '>=', since).limit(1).executeTakeFirst());
}

/** The scheduled backups that failed, for monitoring: how many are recorded and when the last one ended. */
export interface BackupFailures {
  count: number;
  last: Date | null;
}

export async function backupFailures(db: Kysely<Database>): Promise<BackupFailures> {
  const row = await db
    .selectFrom('backup_runs')
    .select((eb) => [eb.fn.countAll<number | string | bigint>().as('count'), eb.fn.max('finished_at').as('last')])
    .where('succeeded', '=', 0)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), last: row?.last ? new Date(row.last) : null };
}

/** The runs that started at or after `since` (the schedule's latest moment), oldest first. */
export async function runsSince(db: Kysely<Database>, since: string): Promise<{ succeeded: boolean; startedAt: string }[]> {
  const rows = await db
    .selectFrom('backup_runs')
    .select(['succeeded', 'started_at'])
    .where('started_at', '>=', since)
    .orderBy('started_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ succeeded: Number(row.succeeded) === 1, startedAt: row.started_at }));
}
