/**
 * When scheduled backups run (`BACKUP_SCHEDULE`, times in UTC): `hourly` (at the start of every hour) or
 * `daily@HH:MM` (every day at that time); unset or `off` makes none.
 */
export type Schedule = { kind: 'hourly' } | { kind: 'daily'; minuteOfDay: number };

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The schedule a setting names, or a message (in English, for the operator) saying what is accepted. */
export function parseSchedule(text: string): Schedule | string {
  const value = text.trim().toLowerCase();
  if (value === 'hourly') return { kind: 'hourly' };
  const daily = /^daily@(\d{1,2}):(\d{2})$/.exec(value);
  if (daily && Number(daily[1]) < 24 && Number(daily[2]) < 60) return { kind: 'daily', minuteOfDay: Number(daily[1]) * 60 + Number(daily[2]) };
  return `BACKUP_SCHEDULE must be "hourly", "daily@HH:MM" (UTC, e.g. daily@03:00) or "off", got "${text}"`;
}

/** The latest moment at or before `now` at which the schedule wants a backup. */
export function latestScheduledMoment(schedule: Schedule, now: number): number {
  if (schedule.kind === 'hourly') return Math.floor(now / HOUR_MS) * HOUR_MS;
  const today = Math.floor(now / DAY_MS) * DAY_MS + schedule.minuteOfDay * 60_000;
  return today <= now ? today : today - DAY_MS;
}

/** The schedule in words for the admin screen. */
export function describeSchedule(schedule: Schedule): string {
  if (schedule.kind === 'hourly') return 'каждый час';
  const hours = String(Math.floor(schedule.minuteOfDay / 60)).padStart(2, '0');
  const minutes = String(schedule.minuteOfDay % 60).padStart(2, '0');
  return `ежедневно в ${hours}:${minutes} UTC`;
}
