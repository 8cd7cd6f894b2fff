import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { periodicJobLock } from '../jobs/periodicJobs.js';
import type { Progress } from './create.js';
import { BACKUP_JOB, storeBackup, type ScheduledBackupDeps } from './scheduled.js';
import { archiveNameAt } from './shelf.js';

/** The 409 of a second «Создать копию сейчас» while one is being made. */
export const BACKUP_RUNNING_MESSAGE = 'Резервная копия уже создаётся. Дождитесь её окончания.';

/** A backup a MANAGER asked for, while it is being made: the archive's name, who asked, and how far it got. */
export interface RunningBackup {
  archive: string;
  startedAt: string;
  by: string;
  progress: Progress;
}

/**
 * Backups made on a MANAGER's request, one at a time. The backup runs after the answer (it can take minutes); the
 * screen asks for its progress until it ends, then finds it among the archives, or its error as the last failure.
 * On PostgreSQL the run holds the scheduled backup's lock (the one `server/jobs/periodicJobs.ts` takes), so no other
 * process makes a backup meanwhile, on request or by the schedule; a SQLite site is one process.
 */
export class BackupNow {
  private current: { run: RunningBackup; done: Promise<void> } | null = null;

  constructor(
    private readonly deps: ScheduledBackupDeps,
    private readonly log: { error: (object: object, message: string) => void },
  ) {}

  get running(): RunningBackup | null {
    return this.current ? { ...this.current.run, progress: { ...this.current.run.progress } } : null;
  }

  /** Starts a backup for `by`; answers it, or null when one is being made already (here or in another process). */
  async start(by: string, now = Date.now()): Promise<RunningBackup | null> {
    if (this.current) return null;
    const run: RunningBackup = {
      archive: archiveNameAt(now, this.deps.settings.passphrase !== null),
      startedAt: new Date(now).toISOString(),
      by,
      progress: { rows: 0, files: 0, bytes: 0 },
    };
    const make = () =>
      storeBackup(this.deps, run.archive, now, (progress) => {
        run.progress = progress;
      });
    let started!: (locked: boolean) => void;
    const locked = new Promise<boolean>((resolve) => (started = resolve));
    const done = withBackupLock(this.deps.db, started, make)
      .catch((error: unknown) => {
        started(true);
        this.log.error({ err: error }, 'backup on request failed');
      })
      .finally(() => {
        if (this.current?.run === run) this.current = null;
      });
    this.current = { run, done };
    if (!(await locked)) {
      await done;
      return null;
    }
    return { ...run };
  }

  /** Waits for the backup being made, if any (on close). */
  async settled(): Promise<void> {
    await this.current?.done;
  }
}

/**
 * Runs `work` holding the backup lock on PostgreSQL, and tells `started` whether it got the lock (false: another
 * process is making a backup, and `work` is not run).
 */
async function withBackupLock(db: Kysely<Database>, started: (locked: boolean) => void, work: () => Promise<void>): Promise<void> {
  if (!isPostgres(db)) {
    started(true);
    return work();
  }
  const lock = periodicJobLock(BACKUP_JOB);
  await db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext(${lock})) as locked`.execute(connection);
    const locked = rows[0]?.locked === true;
    started(locked);
    if (!locked) return;
    try {
      await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${lock}))`.execute(connection).catch(() => undefined);
    }
  });
}
