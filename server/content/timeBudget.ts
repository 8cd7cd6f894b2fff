import vm from 'node:vm';

/** Work stopped because it outlasted its time budget. */
export class OutOfTimeError extends Error {}

const sandbox: { job: (() => unknown) | null } = { job: null };
const context = vm.createContext(sandbox);
const runJob = new vm.Script('job()');

// Node's timeout error may come from another realm than this module's `Error` (a test runner's), so only its code is read.
const isTimeout = (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && error.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';

/**
 * Runs synchronous work and stops it once it has taken `budgetMs`: V8 terminates whatever runs under a vm script
 * with a timeout, native code of jsdom's parser included, which a hook watching the clock could never interrupt.
 * Throws `OutOfTimeError` then; the work's own errors pass through.
 */
export function withinTime<T>(budgetMs: number, job: () => T): T {
  sandbox.job = job;
  try {
    return runJob.runInContext(context, { timeout: budgetMs }) as T;
  } catch (error) {
    if (isTimeout(error)) throw new OutOfTimeError(`Stopped after ${budgetMs} ms`);
    throw error;
  } finally {
    sandbox.job = null;
  }
}
