/**
 * Money input: strip non-digits, group the digits in threes with a space. The grouping itself is
 * lib/format.ts's `groupDigits` (also behind `formatRoubles`); this module adds what a money field needs while the
 * user types.
 */
import { groupDigits } from './format.js';

export const CURRENCY_SIGN = '₽';

/** `'1234567'` → `'1 234 567'`, `'12 345,67 ₽'` → `'1 234 567'`, `'abc'` → `''`. */
export function formatMoney(value: string | number): string {
  return groupDigits(value);
}

/** The number a money field holds (digits only), or null when it holds none. */
export function parseMoney(value: string): number | null {
  const digits = value.replace(/\D/g, '');
  return digits === '' ? null : Number(digits);
}
