import type { DemoMoment, DemoValue } from './descriptor.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Moscow keeps UTC+3 all year (since 2014): the demo's times of day are on its clock. */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** Whether a demo value is a date relative to the seeding moment. */
export const isDemoMoment = (value: DemoValue | undefined): value is DemoMoment => typeof value === 'object' && value !== null;

/**
 * The ISO 8601 UTC moment a relative demo date stands for when the demo content is seeded at `seededAt` (epoch
 * milliseconds): `daysFromNow` days after the seeding's day in Moscow, at `at` on Moscow's clock (its midnight when
 * absent).
 */
export function demoMomentAt(moment: DemoMoment, seededAt: number): string {
  const moscowDay = Math.floor((seededAt + MOSCOW_OFFSET_MS) / DAY_MS);
  const [hours = 0, minutes = 0] = (moment.at ?? '00:00').split(':').map(Number);
  return new Date((moscowDay + moment.daysFromNow) * DAY_MS + (hours * 60 + minutes) * 60_000 - MOSCOW_OFFSET_MS).toISOString();
}
