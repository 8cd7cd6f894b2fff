/** Month arithmetic of the calendar, in the browser's local time (the editor's days). */

export interface Month {
  year: number;
  /** 0–11, as `Date` counts. */
  month: number;
}

export const monthOf = (date: Date): Month => ({
  year: date.getFullYear(),
  month: date.getMonth(),
});

/** `2026-05` → May 2026; anything else → null. */
export function parseMonth(value: string | null): Month | null {
  const match = value ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const month = Number(match[2]) - 1;
  return month >= 0 && month <= 11 ? { year: Number(match[1]), month } : null;
}

export const monthKey = ({ year, month }: Month): string => `${year}-${String(month + 1).padStart(2, '0')}`;

export const shiftMonth = ({ year, month }: Month, by: number): Month => monthOf(new Date(year, month + by, 1));

/** `2026-05-07` of a moment, in local time: the key of its day cell. */
export const dayKey = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The six weeks shown for a month, Monday first: the days from the Monday on or before the 1st. */
export function gridDays({ year, month }: Month): Date[] {
  const first = new Date(year, month, 1);
  const offset = (first.getDay() + 6) % 7;
  return Array.from({ length: 42 }, (_, index) => new Date(year, month, 1 - offset + index));
}
