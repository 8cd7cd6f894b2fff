import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchedulerEvent } from '../../server/content/fairScheduler.js';
import { OutOfTimeError, OUT_OF_TIME_MESSAGE, runContentJob, watchContentJobs, WorkBudget } from '../../server/content/workerPool.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { postForm } from './admin-helpers.js';

/**
 * The content workers are shared fairly: each user's jobs wait in a queue of their own and the workers take the
 * queues in turn, so one editor's heavy typesetting never holds another editor's save; the wait for a worker counts
 * in a write's 5 s budget; and the typeset endpoint checks a field's limits before it typesets anything.
 */

/** Rich text that keeps a worker busy for a while (about a second on a quiet machine, well within the budget). */
const HEAVY = `<p>${'"'.repeat(200_000)}</p>`;

/** The jobs' events as they happen, and each job's latest state. */
function jobLog() {
  const events: SchedulerEvent[] = [];
  const stop = watchContentJobs((event) => events.push(event));
  const stateOf = (job: number) => events.filter((event) => event.job === job).at(-1)?.type;
  const jobsOf = (owner: unknown) => [...new Set(events.filter((event) => event.owner === owner).map((event) => event.job))];
  const inState = (owner: unknown, state: SchedulerEvent['type']) => jobsOf(owner).filter((job) => stateOf(job) === state);
  return { events, stop, stateOf, jobsOf, inState };
}

describe('a job whose budget is spent waiting for a worker', () => {
  it('is refused without running, as a job past its budget is; the jobs holding the workers are not disturbed', async () => {
    const log = jobLog();
    try {
      // Both workers busy with long jobs of two owners (budgets of their own, far longer than a write's).
      const hogs = ['first', 'second'].map((owner) => runContentJob(new WorkBudget(60_000, owner), { kind: 'html', html: HEAVY, typeset: true }));
      await expect.poll(() => log.inState('first', 'started').length + log.inState('second', 'started').length, { timeout: 30_000 }).toBe(2);
      const late = runContentJob(new WorkBudget(1, 'late'), { kind: 'text', text: '"Смарт" - лидер' });
      await expect(late).rejects.toThrow(OutOfTimeError);
      await expect(late).rejects.toThrow(OUT_OF_TIME_MESSAGE);
      await expect(late).rejects.toMatchObject({ waited: true });
      expect(log.events.filter((event) => event.owner === 'late').map((event) => event.type)).toEqual(['queued', 'expired']);
      for (const outcome of await Promise.all(hogs)) expect(outcome).toHaveProperty('value');
    } finally {
      log.stop();
    }
  }, 120_000);

  it('a budget already spent is refused before it waits at all', async () => {
    const budget = new WorkBudget(10, 'spent');
    budget.spend(10);
    await expect(runContentJob(budget, { kind: 'text', text: 'x' })).rejects.toThrow(OUT_OF_TIME_MESSAGE);
  });
});

describe.each(await testDialects())('content workers shared between editors on %s', (dialect) => {
  let t: TestApp;
  let writer: Awaited<ReturnType<typeof userWithToken>>;
  let manager: Awaited<ReturnType<typeof userWithToken>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    writer = await userWithToken(t.app, 'USER');
    manager = await userWithToken(t.app, 'MANAGER');
  });
  afterAll(() => t.close());

  const typeset = (headers: Record<string, string>, field: string, value: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/news/typeset', headers, payload: { field, value } });

  it("another editor's save is typeset at once while one editor has six heavy typeset calls sent", async () => {
    const log = jobLog();
    const heavyOwner = `user:${writer.user.id}`;
    const saveOwner = `user:${manager.user.id}`;
    /**
     * The heavy jobs waiting when the save's job came, those of them started before the save's job, and those not run
     * to their end (waiting, running, or dropped unrun) when the save's job was done.
     */
    let waitingWhenSaved = null as number[] | null;
    let startedBeforeSave = null as number[] | null;
    let unfinishedWhenSaveDone = null as number[] | null;
    const stopWatch = watchContentJobs((event) => {
      if (event.owner !== saveOwner) return;
      waitingWhenSaved ??= log.inState(heavyOwner, 'queued');
      if (event.type === 'started') startedBeforeSave = waitingWhenSaved.filter((job) => log.stateOf(job) !== 'queued');
      if (event.type === 'released') unfinishedWhenSaveDone = log.jobsOf(heavyOwner).filter((job) => log.stateOf(job) !== 'released');
    });
    try {
      const heavy = Array.from({ length: 6 }, () => typeset(writer.headers, 'content', HEAVY));
      await expect.poll(() => log.inState(heavyOwner, 'queued').length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);

      const save = await postForm(t.app, '/api/admin/news/add', manager.headers, { title: 'Итоги "квартала" - кратко', public_at: daysAgo(1) });
      expect(save.statusCode, save.body).toBe(200);
      expect(save.json().data.title).toBe('Итоги «квартала»\u00a0— кратко');
      // One editor never takes every worker, and the save's job went before the heavy calls queued before it.
      expect(log.inState(heavyOwner, 'started').length).toBeLessThanOrEqual(1);
      expect(waitingWhenSaved?.length).toBeGreaterThanOrEqual(2);
      expect(startedBeforeSave).toEqual([]);
      // The save's typesetting did not wait for the heavy calls to end. (Read when its job was done, not when the save
      // was answered: on a busy machine the save's write may take long enough for the heavy calls to end meanwhile.)
      expect(unfinishedWhenSaveDone?.length).toBeGreaterThan(0);

      for (const answer of await Promise.all(heavy)) {
        if (answer.statusCode === 200) continue;
        expect(answer.statusCode).toBe(400);
        expect(Object.keys(answer.json().errors as object)).toEqual(['content']);
      }
    } finally {
      stopWatch();
      log.stop();
    }
  }, 120_000);

  it('a title over its limit is refused with 400 naming it, before any typesetting', async () => {
    const log = jobLog();
    try {
      const answer = await typeset(writer.headers, 'title', `"Смарт" - ${'а'.repeat(300)}`);
      expect(answer.statusCode).toBe(400);
      expect(Object.keys(answer.json().errors as object)).toEqual(['title']);
      expect(log.events).toEqual([]);
      // Within its limit it is typeset as before.
      const within = await typeset(writer.headers, 'title', '"Смарт" - лидер');
      expect(within.statusCode, within.body).toBe(200);
      expect(within.json().data.value).toBe('«Смарт»\u00a0— лидер');
    } finally {
      log.stop();
    }
  });

  it('a lead over its limit and a title with a control character are refused the same way', async () => {
    const long = await typeset(writer.headers, 'lead', 'а'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().errors as object)).toEqual(['lead']);
    const control = await typeset(writer.headers, 'title', 'Заголовок\u0085');
    expect(control.statusCode).toBe(400);
    expect(Object.keys(control.json().errors as object)).toEqual(['title']);
  });
});
