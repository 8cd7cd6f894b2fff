import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { isPostgres } from '../db/dialect.js';

/** Work that is due once every `everyMs` across all processes on the database (clean-ups, sweeps, purges). */
export interface PeriodicJob {
  /** Unique: names the job's lock and its last run. */
  name: string;
  everyMs: number;
  /** `now` is the moment the run was claimed at. */
  run: (now: number) => Promise<void>;
}

interface JobLog {
  error: (object: object, message: string) => void;
}

/** How often a process looks whether a job is due: a tenth of its period, between 1 s and 1 min. */
const checkEvery = (job: PeriodicJob) => Math.min(60_000, Math.max(1000, Math.floor(job.everyMs / 10)));

/**
 * Runs periodic jobs so that each runs on one process at a time and once per period, however many processes
 * share the database. A run is claimed in `periodic_jobs` by one statement that succeeds only when the last run is
 * a whole period old; on PostgreSQL the claim and the run also hold a session advisory lock (`pg_try_advisory_lock`),
 * so a slow run is never overlapped by another process, and a process that dies mid-run releases it with its
 * connection. SQLite means one process, where the claim alone decides. A run that fails is logged and counts as
 * the period's run (the next one comes a period later).
 *
 * ```ts
 * app.jobs.add({ name: 'rate-limit-prune', everyMs: 10 * 60 * 1000, run: () => pruneRateLimitHits(db).then(() => undefined) });
 * ```
 * Jobs added before `start()` (which `buildApp` calls once every route is registered) are checked at once, then
 * every tenth of their period.
 */
export class PeriodicJobs {
  private readonly jobs = new Map<string, PeriodicJob>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<boolean>>();
  private started = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: JobLog,
  ) {}

  add(job: PeriodicJob): void {
    if (this.jobs.has(job.name)) throw new Error(`Periodic job ${job.name} is already added`);
    if (!(job.everyMs >= 1000)) throw new Error(`Periodic job ${job.name}: the period must be at least 1 s`);
    this.jobs.set(job.name, job);
    if (this.started) this.schedule(job);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values()) this.schedule(job);
  }

  /** No new runs; waits for the ones in progress. */
  async stop(): Promise<void> {
    this.started = false;
    for (const timer of this.timers.values()) clearInterval(timer);
    this.timers.clear();
    await Promise.allSettled(this.running.values());
  }

  /**
   * Runs the job now if it is due and no other process is running it; answers whether it ran here. Never throws: a
   * failure of the job or of the database is logged. A call made while this process runs the job waits for that run,
   * then runs the job if it is still due at the call's own moment: a run asked for at a later moment is not lost to
   * the timer's run of the moment before.
   */
  runIfDue(name: string, now = Date.now()): Promise<boolean> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`No periodic job ${name}`);
    const inProgress = this.running.get(name);
    if (inProgress) return inProgress.then(() => this.runIfDue(name, now));
    const run = this.claimAndRun(job, now)
      .catch((error: unknown) => {
        this.log.error({ err: error, job: name }, 'periodic job failed');
        return false;
      })
      .finally(() => this.running.delete(name));
    this.running.set(name, run);
    return run;
  }

  private schedule(job: PeriodicJob): void {
    void this.runIfDue(job.name);
    const timer = setInterval(() => void this.runIfDue(job.name), checkEvery(job));
    timer.unref();
    this.timers.set(job.name, timer);
  }

  private async claimAndRun(job: PeriodicJob, now: number): Promise<boolean> {
    if (!isPostgres(this.db)) {
      if (!(await claim(this.db, job, now))) return false;
      await job.run(now);
      return true;
    }
    const lock = periodicJobLock(job.name);
    return this.db.connection().execute(async (connection) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext(${lock})) as locked`.execute(connection);
      if (!rows[0]?.locked) return false;
      try {
        if (!(await claim(connection, job, now))) return false;
        await job.run(now);
        return true;
      } finally {
        // A connection lost meanwhile took the lock with it.
        await sql`select pg_advisory_unlock(hashtext(${lock}))`.execute(connection).catch(() => undefined);
      }
    });
  }
}

/** The name of a job's PostgreSQL advisory lock, which other work that must not overlap the job may take too. */
export const periodicJobLock = (name: string) => `periodic-job:${name}`;

/** Records a run of the job at `now` unless one was recorded less than a period ago; answers whether it did. */
async function claim(db: Kysely<Database>, job: PeriodicJob, now: number): Promise<boolean> {
  const at = new Date(now).toISOString();
  const result = await db
    .insertInto('periodic_jobs')
    .values({ name: job.name, last_run_at: at })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ last_run_at: at })
        .where('periodic_jobs.last_run_at', '<=', new Date(now - job.everyMs).toISOString()),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
