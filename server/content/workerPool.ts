import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { ContentJob, ContentOutcome, ContentTask } from './contentWorker.js';
import { epochMicros } from './epochMicros.js';
import { ExpiredWhileWaitingError, FairScheduler, systemClock, type Owner, type SchedulerEvent } from './fairScheduler.js';

/**
 * The one way content work runs: sanitising rich HTML and SVG, typography, the check that an upload is SVG. One
 * process answers every visitor, so work whose cost grows with what was sent runs in a small pool of worker threads,
 * never on the thread that answers requests; and every job runs within the time left of its budget, past which its
 * thread is stopped and the job refused. Jobs wait for a worker in a queue per user (`fairScheduler.ts`), so that one
 * editor's heavy work never holds another editor's save.
 */

/**
 * The longest the content work of one write may take, all its jobs together: the wait for a free worker counts as
 * well as the work, so that a write is answered within it however busy the workers are.
 */
export const CONTENT_BUDGET_MS = 5000;

/** How often a running job's time is looked at. */
const WATCH_MS = 20;

/** Idle workers end after this long, so that a process with nothing to do (a test, a command) can exit. */
const IDLE_TIMEOUT_MS = 30_000;

export const OUT_OF_TIME_MESSAGE = `Документ слишком сложный: его проверка не уложилась в ${CONTENT_BUDGET_MS / 1000} с. Упростите разметку или разделите текст.`;

/**
 * A job stopped because its budget ran out, while it ran or while it waited for a worker (`waited`: it never ran).
 * Either way the write is refused the same way: the editor's remedy is the same, a smaller or simpler text.
 */
export class OutOfTimeError extends Error {
  constructor(readonly waited = false) {
    super(OUT_OF_TIME_MESSAGE);
  }
}

/**
 * The time a write's content work may take, all of it together: each job gets only what the earlier ones left, so
 * that a write of several fields (or a field sanitised, then typeset) cannot take a full budget for each.
 */
export class WorkBudget {
  private spentMs = 0;

  /**
   * `owner`: whose queue the jobs wait in; a budget of its own (a document the server writes itself) waits in
   * a queue of its own.
   */
  constructor(
    readonly totalMs: number = CONTENT_BUDGET_MS,
    readonly owner: Owner = {},
  ) {}

  remainingMs(): number {
    return this.totalMs - this.spentMs;
  }

  spend(ms: number): void {
    this.spentMs += ms;
  }
}

const requestBudgets = new WeakMap<object, WorkBudget>();

/** Whose queue a request's jobs wait in: its signed-in user's, or the request's own. */
function ownerOf(request: object): Owner {
  const user: unknown = 'user' in request ? request.user : undefined;
  if (typeof user === 'object' && user !== null && 'id' in user && typeof user.id === 'number') return `user:${user.id}`;
  return request;
}

/** The budget of one request (a Fastify request, or anything else standing for one piece of work). */
export function budgetOf(request: object): WorkBudget {
  let budget = requestBudgets.get(request);
  if (!budget) requestBudgets.set(request, (budget = new WorkBudget(CONTENT_BUDGET_MS, ownerOf(request))));
  return budget;
}

/**
 * The worker's file beside this one: the compiled `.js` in the build, the TypeScript source when the server runs
 * from its sources (tests, `npm run dev`), which a worker thread loads through tsx as the process does.
 */
function workerOptions(): { filename: string; execArgv?: string[] } {
  const fromSources = import.meta.url.endsWith('.ts');
  const filename = new URL(`./contentWorker.${fromSources ? 'ts' : 'js'}`, import.meta.url).href;
  if (!fromSources) return { filename };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename, execArgv: ['--import', tsx] };
}

/**
 * Two threads (one on a single core): enough that one slow document does not hold up the next save, few enough that
 * content work never takes every core from the requests.
 */
const CONTENT_WORKERS = Math.max(1, Math.min(2, availableParallelism()));

let pool: Piscina | null = null;

/** The turn of each job for the workers: never more jobs at once than there are workers, so none waits inside piscina. */
const scheduler = new FairScheduler(CONTENT_WORKERS);

/** Listens to the jobs' turns (queued, started, expired, released); the answer stops listening. */
export function watchContentJobs(listener: (event: SchedulerEvent) => void): () => void {
  return scheduler.watch(listener);
}

function contentPool(): Piscina {
  // The workers run at a lower priority than the thread that answers requests: on a busy machine pages come first.
  pool ??= new Piscina({ ...workerOptions(), minThreads: 1, maxThreads: CONTENT_WORKERS, idleTimeout: IDLE_TIMEOUT_MS, niceIncrement: 10 });
  return pool;
}

/**
 * Runs one content job within what is left of `budget`, the wait for a worker included. Throws `OutOfTimeError` when
 * the budget runs out first: a job still waiting is refused without running; a running job's thread is stopped (the
 * pool starts another when needed). The time a thread takes to start (after one was stopped) is nobody's queue and
 * is not counted: the worker writes the moment it starts the job in shared memory, and the job's running time counts
 * from there.
 */
export async function runContentJob(budget: WorkBudget, job: ContentJob): Promise<ContentOutcome> {
  if (budget.remainingMs() <= 0) throw new OutOfTimeError();
  const submitted = systemClock.now();
  let release: () => void;
  try {
    release = await scheduler.acquire(budget.owner, submitted + budget.remainingMs());
  } catch (error) {
    budget.spend(systemClock.now() - submitted);
    if (error instanceof ExpiredWhileWaitingError) throw new OutOfTimeError(true);
    throw error;
  }
  budget.spend(systemClock.now() - submitted);
  const remaining = budget.remainingMs();
  const started = new SharedArrayBuffer(8);
  const controller = new AbortController();
  /** Milliseconds the job has run so far (0 while its thread starts). */
  const ranMs = () => {
    const startedAt = Atomics.load(new BigInt64Array(started), 0);
    return startedAt === 0n ? 0 : Number(epochMicros() - startedAt) / 1000;
  };
  const watch = setInterval(() => {
    if (ranMs() >= remaining) controller.abort();
  }, WATCH_MS);
  try {
    const task: ContentTask = { job, started };
    return (await contentPool().run(task, { signal: controller.signal })) as ContentOutcome;
  } catch (error) {
    if (controller.signal.aborted) throw new OutOfTimeError();
    throw error;
  } finally {
    clearInterval(watch);
    release();
    budget.spend(ranMs());
  }
}

/**
 * Rich HTML the server writes itself (demo content, stored documents under newer rules) sanitised, each document
 * within a budget of its own: the clean HTML, or null when the sanitiser refuses it or it takes too long.
 */
export async function sanitizedOrNull(html: string): Promise<string | null> {
  try {
    const outcome = await runContentJob(new WorkBudget(), { kind: 'html', html, typeset: false });
    return 'value' in outcome ? outcome.value : null;
  } catch (error) {
    if (error instanceof OutOfTimeError) return null;
    throw error;
  }
}
