import type { Kysely } from 'kysely';
import type { S3Settings } from '../files/s3Store.js';
import type { FileStore } from '../files/store.js';
import type { Database } from '../db/schema.js';
import { createBackup, type Progress } from './create.js';
import { latestScheduledMoment } from './schedule.js';
import type { BackupSettings } from './settings.js';
import { archiveNameAt, openShelf } from './shelf.js';
import { recordBackupRun, runsSince } from './status.js';

/** How often the processes look whether the schedule wants a backup; one of them claims it (server/jobs/periodicJobs.ts). */
export const BACKUP_CHECK_EVERY_MS = 60_000;
export const BACKUP_JOB = 'backup';

/**
 * A scheduled backup that failed is tried again before the next scheduled moment: 1, 5 and 15 minutes after the
 * start of the first, second and third failed try of the same moment; after the fourth failure the moment is given up and the next
 * one is awaited (the failures are in the admin screen and in /metrics all along).
 */
export const BACKUP_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000] as const;

/** Whether the schedule's latest moment still wants a backup at `now`: none succeeded since, and a retry is due. */
export async function backupDue(db: Kysely<Database>, moment: number, now: number): Promise<boolean> {
  const runs = await runsSince(db, new Date(moment).toISOString());
  if (runs.some((run) => run.succeeded)) return false;
  const last = runs.at(-1);
  if (!last) return true;
  const delay = BACKUP_RETRY_DELAYS_MS[runs.length - 1];
  return delay !== undefined && Date.parse(last.startedAt) + delay <= now;
}

export interface ScheduledBackupDeps {
  db: Kysely<Database>;
  databaseUrl: string | null;
  dataDir: string;
  files: FileStore;
  s3: S3Settings | null;
  settings: BackupSettings;
}

/**
 * Makes the backup the schedule wants at `now`, unless a run since the schedule's latest moment succeeded or the
 * next retry of a failed one is not due yet (a site without any backup gets one at once).
 */
export async function backupIfDue(deps: ScheduledBackupDeps, now: number): Promise<boolean> {
  const { settings } = deps;
  if (!settings.schedule) return false;
  if (!(await backupDue(deps.db, latestScheduledMoment(settings.schedule, now), now))) return false;
  await storeBackup(deps, archiveNameAt(now, settings.passphrase !== null), now);
  return true;
}

/**
 * Makes a backup named `name` (the schedule's, or one a MANAGER asked for): the archive goes on the shelf, the oldest
 * beyond `BACKUP_KEEP` are removed, and the outcome is recorded for the admin screen and monitoring. A failure is
 * recorded, then thrown.
 */
export async function storeBackup(deps: ScheduledBackupDeps, name: string, now: number, onProgress?: (progress: Progress) => void): Promise<void> {
  const { settings } = deps;
  const startedAt = new Date(now).toISOString();
  const shelf = openShelf(settings, deps.s3);
  try {
    const size = await shelf.store(name, (output) => createBackup(deps, output, { passphrase: settings.passphrase, onProgress }));
    const archives = await shelf.list();
    await shelf.remove(archives.slice(settings.keep).map((archive) => archive.name));
    await recordBackupRun(deps.db, { startedAt, finishedAt: new Date().toISOString(), archive: name, size, error: null });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordBackupRun(deps.db, { startedAt, finishedAt: new Date().toISOString(), archive: null, size: null, error: message });
    throw error;
  } finally {
    shelf.close();
  }
}
