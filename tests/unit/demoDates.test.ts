import { describe, expect, it } from 'vitest';
import { formatMoscowTime } from '../../lib/format.js';
import { demoMomentAt, isDemoMoment } from '../../lib/resources/index.js';
import { investorEvents } from '../../lib/resources/investor-events.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('demo dates relative to the seeding moment', () => {
  it('count whole days from the seeding day in Moscow, at the time of day on its clock', () => {
    const seeded = Date.parse('2026-03-01T12:00:00.000Z');
    expect(demoMomentAt({ daysFromNow: 30, at: '10:00' }, seeded)).toBe('2026-03-31T07:00:00.000Z');
    expect(demoMomentAt({ daysFromNow: -90, at: '10:00' }, seeded)).toBe('2025-12-01T07:00:00.000Z');
    expect(demoMomentAt({ daysFromNow: 0, at: '23:59' }, seeded)).toBe('2026-03-01T20:59:00.000Z');
  });

  it('take a day without a time for its midnight in Moscow: 21:00 UTC the day before', () => {
    expect(demoMomentAt({ daysFromNow: 75 }, Date.parse('2026-03-01T12:00:00.000Z'))).toBe('2026-05-14T21:00:00.000Z');
  });

  it("count from Moscow's day, not UTC's: seeded at 01:30 in Moscow, the day is already the next one", () => {
    const seeded = Date.parse('2026-03-01T22:30:00.000Z');
    expect(demoMomentAt({ daysFromNow: 0, at: '10:00' }, seeded)).toBe('2026-03-02T07:00:00.000Z');
    expect(demoMomentAt({ daysFromNow: 1 }, seeded)).toBe('2026-03-02T21:00:00.000Z');
  });

  it('keep the investor calendar of a demo seeded two years from today with three events to come and one past', () => {
    const seeded = Date.now() + 730 * DAY_MS;
    const starts = (investorEvents.demo?.records ?? []).map((record) => {
      const start = record.starts_at;
      if (!isDemoMoment(start)) throw new Error('a demo event is dated relative to the seeding');
      return demoMomentAt(start, seeded);
    });
    expect(starts.filter((start) => Date.parse(start) >= seeded)).toHaveLength(3);
    expect(starts.filter((start) => Date.parse(start) < seeded)).toHaveLength(1);
    // Times of day stay meaningful: the events at 10:00 and 11:00 in Moscow, the dividend day at its midnight.
    expect(starts.map((start) => formatMoscowTime(start)).sort()).toEqual(['00:00', '10:00', '10:00', '11:00']);
  });
});
