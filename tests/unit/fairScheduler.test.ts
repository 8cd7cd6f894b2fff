import { describe, expect, it } from 'vitest';
import { ExpiredWhileWaitingError, FairScheduler, type SchedulerClock, type SchedulerEvent } from '../../server/content/fairScheduler.js';

/** A clock the test moves by hand: timers fire when the time passes them. */
function manualClock(): SchedulerClock & { advance: (ms: number) => void } {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    after: (ms, run) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => {
        timers = timers.filter((other) => other !== timer);
      };
    },
    advance: (ms) => {
      now += ms;
      const due = timers.filter((timer) => timer.at <= now);
      timers = timers.filter((timer) => timer.at > now);
      for (const timer of due) timer.run();
    },
  };
}

/** A scheduler with its events written down as `owner:type`. */
function recorded(slots: number, clock: SchedulerClock) {
  const scheduler = new FairScheduler(slots, clock);
  const events: SchedulerEvent[] = [];
  scheduler.watch((event) => events.push(event));
  const starts = () => events.filter((event) => event.type === 'started').map((event) => String(event.owner));
  return { scheduler, events, starts };
}

/** Lets the promises settled so far run their callbacks. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the content workers taken in turn', () => {
  it('one owner never holds every worker: with two, its six jobs run one at a time and a second owner starts at once', async () => {
    const clock = manualClock();
    const { scheduler, starts } = recorded(2, clock);
    const releases: (() => void)[] = [];
    const take = (owner: string) => void scheduler.acquire(owner, 1000).then((release) => releases.push(release));
    for (let i = 0; i < 6; i++) take('a');
    await settle();
    expect(starts()).toEqual(['a']);
    expect(scheduler.waiting()).toBe(5);
    take('b');
    await settle();
    expect(starts()).toEqual(['a', 'b']);
    releases.shift()?.();
    await settle();
    expect(starts()).toEqual(['a', 'b', 'a']);
  });

  it('with three workers, a second owner waits for one job to end, not for the first owner’s whole queue', async () => {
    const clock = manualClock();
    const { scheduler, starts } = recorded(3, clock);
    const releases: (() => void)[] = [];
    const take = (owner: string) => void scheduler.acquire(owner, 1000).then((release) => releases.push(release));
    for (let i = 0; i < 6; i++) take('a');
    take('c');
    take('b');
    await settle();
    expect(starts()).toEqual(['a', 'a', 'c']);
    releases.shift()?.();
    await settle();
    expect(starts()).toEqual(['a', 'a', 'c', 'b']);
    releases.shift()?.();
    await settle();
    expect(starts()).toEqual(['a', 'a', 'c', 'b', 'a']);
  });

  it('three owners are served in turn, the one served longest ago first', async () => {
    const clock = manualClock();
    const { scheduler, starts } = recorded(1, clock);
    const releases: (() => void)[] = [];
    const take = (owner: string) => void scheduler.acquire(owner, 1000).then((release) => releases.push(release));
    take('a');
    take('a');
    take('a');
    take('b');
    take('b');
    take('c');
    for (let i = 0; i < 6; i++) {
      await settle();
      releases.shift()?.();
    }
    await settle();
    expect(starts()).toEqual(['a', 'b', 'c', 'a', 'b', 'a']);
  });

  it('a job whose deadline passes while it waits is refused without starting; the others keep their turn', async () => {
    const clock = manualClock();
    const { scheduler, events, starts } = recorded(1, clock);
    const release = await scheduler.acquire('a', 5000);
    const late = scheduler.acquire('b', 100);
    const patient = scheduler.acquire('c', 5000);
    clock.advance(100);
    await expect(late).rejects.toBeInstanceOf(ExpiredWhileWaitingError);
    expect(events.filter((event) => event.owner === 'b').map((event) => event.type)).toEqual(['queued', 'expired']);
    release();
    (await patient)();
    expect(starts()).toEqual(['a', 'c']);
    expect(scheduler.waiting()).toBe(0);
  });

  it('a job whose deadline has passed when a worker frees up is refused then, and the worker goes to the next', async () => {
    let now = 0;
    // A clock whose timers never fire: only the check at the worker's turn can refuse the job.
    const clock: SchedulerClock = { now: () => now, after: () => () => undefined };
    const { scheduler, starts } = recorded(1, clock);
    const release = await scheduler.acquire('a', 5000);
    const late = scheduler.acquire('b', 100);
    const next = scheduler.acquire('a', 5000);
    now = 200;
    release();
    await expect(late).rejects.toBeInstanceOf(ExpiredWhileWaitingError);
    (await next)();
    expect(starts()).toEqual(['a', 'a']);
  });

  it('a job with no time left is refused at once', async () => {
    const clock = manualClock();
    const { scheduler, events } = recorded(2, clock);
    await expect(scheduler.acquire('a', 0)).rejects.toBeInstanceOf(ExpiredWhileWaitingError);
    expect(events.map((event) => event.type)).toEqual(['expired']);
  });

  it('a worker given back twice counts once', async () => {
    const { scheduler, starts } = recorded(1, manualClock());
    const release = await scheduler.acquire('a', 1000);
    const second = scheduler.acquire('b', 1000);
    const third = scheduler.acquire('c', 1000);
    release();
    release();
    await second;
    await settle();
    expect(starts()).toEqual(['a', 'b']);
    expect(scheduler.waiting()).toBe(1);
    void third;
  });
});
