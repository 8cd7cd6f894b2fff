import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { investorEvents } from '../../lib/resources/investor-events.js';
import type { ListPart, ListPartRange, RangeBound, ResourceDescriptor } from '../../lib/resources/index.js';
import { ContentSchedule } from '../../server/cache/schedule.js';
import { scheduledMomentsOf, scheduledTimes } from '../../server/cache/scheduled.js';
import { partNow } from '../../server/content/listParts.js';
import { declared } from '../../server/db/declared.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';

/** The boundary every test reads around: an event starts at this very millisecond. */
const T = Date.parse('2031-05-20T07:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();
const DAY_MS = 24 * 60 * 60 * 1000;

/** A part of the investor events' list keeping what its ranges keep, soonest first. */
const partOf = (...where: ListPartRange[]): ListPart => ({ name: 'part', where, order: [['starts_at', 'asc']] });
const ON_START: Readonly<Record<RangeBound, ListPartRange>> = {
  from: { field: 'starts_at', from: 'now' },
  after: { field: 'starts_at', after: 'now' },
  before: { field: 'starts_at', before: 'now' },
  until: { field: 'starts_at', until: 'now' },
};
const onStart = (bound: RangeBound): ListPartRange => ON_START[bound];

/** The investor events' declaration with one part, so that the page cache's schedule follows that part's bound. */
const listedIn = (part: ListPart): ResourceDescriptor => {
  const list = investorEvents.public.list;
  return { ...investorEvents, public: { ...investorEvents.public, list: { ...list, parts: { param: 'period', parts: [part] } } } };
};

/**
 * Each bound of a list part's range at and around its moment, on both databases: `from` (>=), `after` (>), `before`
 * (<) and `until` (<=), several ranges holding together (AND), and the page cache's schedule ending what read the list
 * at the very millisecond the part's answer changes, for each bound.
 */
describe.each(await testDialects())('list parts relative to now on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  }, 120_000);
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const events = () => declared(t.app.db).selectFrom('investor_events');
  /** Replaces the events with these, published long ago: title, start and end. */
  const store = async (rows: readonly [string, number, number | null][]) => {
    await declared(t.app.db).deleteFrom('investor_events').execute();
    await declared(t.app.db)
      .insertInto('investor_events')
      .values(
        rows.map(([title, starts, ends]) => ({
          title,
          slug: title,
          starts_at: at(starts),
          ends_at: ends === null ? null : at(ends),
          public_at: at(T - 365 * DAY_MS),
          published: 1,
        })),
      )
      .execute();
  };
  /** The titles a part keeps with the clock at `now`. */
  const keptAt = async (part: ListPart, now: number): Promise<string[]> => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const rows = await events().select('title').where(partNow(part)).orderBy('starts_at').execute();
    vi.useRealTimers();
    return rows.map((row) => String(row.title));
  };

  it('compares the field with now as each bound says: at or after, after, before, at or before', async () => {
    await store([
      ['earlier', T - 1, null],
      ['at', T, null],
      ['later', T + 1, null],
    ]);
    expect(await keptAt(partOf(onStart('from')), T)).toEqual(['at', 'later']);
    expect(await keptAt(partOf(onStart('after')), T)).toEqual(['later']);
    expect(await keptAt(partOf(onStart('before')), T)).toEqual(['earlier']);
    expect(await keptAt(partOf(onStart('until')), T)).toEqual(['earlier', 'at']);
  });

  it('keeps an item only where all the ranges of the part hold (a window starts_at <= now < ends_at), none with an empty date', async () => {
    await store([
      ['over', T - 10, T],
      ['running', T - 10, T + 1],
      ['starting', T, T + 10],
      ['coming', T + 1, T + 10],
      ['open-ended', T - 10, null],
    ]);
    const window = partOf(onStart('until'), { field: 'ends_at', after: 'now' });
    expect(await keptAt(window, T)).toEqual(['running', 'starting']);
    expect(await keptAt(window, T - 1)).toEqual(['over', 'running']);
    expect(await keptAt(window, T + 1)).toEqual(['starting', 'coming']);
    // An empty date meets no bound: an event without an end is in no window.
    expect(await keptAt(partOf({ field: 'ends_at', after: 'now' }), T)).not.toContain('open-ended');
  });

  it.each(['from', 'after', 'before', 'until'] as const)('ends what read a part bounded by `%s` at the very millisecond its answer changes', async (bound) => {
    await store([
      ['at', T, null],
      ['later', T + 10, null],
    ]);
    const part = partOf(onStart(bound));
    const moments = scheduledMomentsOf([listedIn(part)]).filter(({ moment }) => moment === 'starts_at');
    let clock = T - 3;
    const schedule = new ContentSchedule(
      (since, tables) => scheduledTimes(t.app.db, moments, since, tables),
      () => clock,
    );
    await schedule.known();
    // The clock moves a millisecond at a time, a page being read at each: the schedule tells the list's end exactly
    // when what the part keeps differs from the millisecond before, never later, never for nothing.
    let before = await keptAt(part, clock);
    const ends: number[] = [];
    const changes: number[] = [];
    for (clock = T - 2; clock <= T + 12; clock++) {
      const kept = await keptAt(part, clock);
      if (kept.join() !== before.join()) changes.push(clock);
      before = kept;
      if (schedule.due()) ends.push(clock);
      await schedule.known();
    }
    const crossing = bound === 'from' || bound === 'before' ? 1 : 0;
    expect(changes).toEqual([T + crossing, T + 10 + crossing]);
    expect(ends).toEqual(changes);
  });
});
