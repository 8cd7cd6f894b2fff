import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/db/connect.js';
import { PeriodicJobs } from '../../server/jobs/periodicJobs.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { gate } from '../helpers/waits.js';

const HOUR = 60 * 60 * 1000;
const quietLog = { error: () => undefined };

describe.each(await testDialects())('periodic jobs on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('runs a job once per period, counting from the last run', async () => {
    const jobs = new PeriodicJobs(t.app.db, quietLog);
    let runs = 0;
    jobs.add({ name: 'count-once', everyMs: HOUR, run: async () => void runs++ });
    const now = Date.now();
    expect(await jobs.runIfDue('count-once', now)).toBe(true);
    expect(await jobs.runIfDue('count-once', now + 1000)).toBe(false);
    expect(await jobs.runIfDue('count-once', now + HOUR - 1)).toBe(false);
    expect(await jobs.runIfDue('count-once', now + HOUR)).toBe(true);
    expect(runs).toBe(2);
  });

  it('a call made while the job runs here waits for that run, then runs at its own moment if the job is due then', async () => {
    const jobs = new PeriodicJobs(t.app.db, quietLog);
    const firstRunMayEnd = gate();
    const moments: number[] = [];
    jobs.add({
      name: 'slow-once',
      everyMs: HOUR,
      run: async (now) => {
        moments.push(now);
        if (moments.length === 1) await firstRunMayEnd.opened;
      },
    });
    const now = Date.now();
    const timersRun = jobs.runIfDue('slow-once', now);
    const sameMoment = jobs.runIfDue('slow-once', now + 1000);
    const periodLater = jobs.runIfDue('slow-once', now + HOUR);
    await expect.poll(() => moments.length).toBe(1);
    firstRunMayEnd.open();
    expect(await Promise.all([timersRun, sameMoment, periodLater])).toEqual([true, false, true]);
    expect(moments).toEqual([now, now + HOUR]);
  });

  it('counts a failed run as the period’s run and logs it', async () => {
    const errors: object[] = [];
    const jobs = new PeriodicJobs(t.app.db, { error: (object) => errors.push(object) });
    jobs.add({ name: 'fails', everyMs: HOUR, run: () => Promise.reject(new Error('broken')) });
    const now = Date.now();
    expect(await jobs.runIfDue('fails', now)).toBe(false);
    expect(errors).toHaveLength(1);
    expect(await jobs.runIfDue('fails', now + 1000)).toBe(false);
    expect(errors).toHaveLength(1);
  });

  it('runs a due job on one of several processes only, and never two runs at once', async () => {
    // A second process: its own connections to the same database.
    const other = connectDatabase(t.config);
    try {
      let running = 0;
      let most = 0;
      let runs = 0;
      // A run lasts until the other process's attempts at the same moment have been answered: they are made while
      // it runs, whichever process runs it.
      let attempts: { here: Promise<unknown>; there: Promise<unknown> } = { here: Promise.resolve(), there: Promise.resolve() };
      const job = (others: () => Promise<unknown>) => ({
        name: 'shared',
        everyMs: 1000,
        run: async () => {
          running++;
          most = Math.max(most, running);
          await others();
          running--;
          runs++;
        },
      });
      const here = new PeriodicJobs(t.app.db, quietLog);
      const there = new PeriodicJobs(other.db, quietLog);
      here.add(job(() => attempts.there));
      there.add(job(() => attempts.here));
      const now = Date.now();
      const firstCalls = [here.runIfDue('shared', now), there.runIfDue('shared', now), here.runIfDue('shared', now)] as const;
      attempts = { here: Promise.all([firstCalls[0], firstCalls[2]]), there: firstCalls[1] };
      const first = await Promise.all(firstCalls);
      expect(first.filter(Boolean)).toHaveLength(1);
      // A period later both find it due again at the same moment: still one run.
      const secondCalls = [here.runIfDue('shared', now + 1000), there.runIfDue('shared', now + 1000)] as const;
      attempts = { here: secondCalls[0], there: secondCalls[1] };
      const second = await Promise.all(secondCalls);
      expect(second.filter(Boolean)).toHaveLength(1);
      expect(runs).toBe(2);
      expect(most).toBe(1);
    } finally {
      await other.db.destroy();
    }
  });

  it('is what the server runs its clean-ups on', () => {
    expect(() => t.app.jobs.add({ name: 'uploads-sweep', everyMs: HOUR, run: async () => undefined })).toThrow(/already added/);
    expect(() => t.app.jobs.add({ name: 'rate-limit-prune', everyMs: HOUR, run: async () => undefined })).toThrow(/already added/);
  });
});
