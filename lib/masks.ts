/**
 * Input masks (dates, numeric keys, patterns), shared by the admin's inputs (and usable by the site).
 * Each mask is a pure function from what the user typed to what the field shows.
 */

/** The shape of a keyboard event the numeric key filter needs (a DOM or React KeyboardEvent fits). */
export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/**
 * Applies the dd.mm.yyyy date mask to typed text: keeps digits, inserts the dots, and stops at the first digit
 * that would break a rule — the day is 01–31, the month is 01–12, the year starts with 19 or 20.
 * A partial value is allowed (`'3'`, `'31.1'`, `'31.12.2'`), so the user can type it digit by digit.
 */
export function maskDate(input: string): string {
  const digits = input.replace(/\D/g, '');
  const accepted: string[] = [];
  for (const digit of digits) {
    if (accepted.length === 8) break;
    if (!dateDigitAllowed(accepted, digit)) break;
    accepted.push(digit);
  }
  let out = '';
  accepted.forEach((digit, i) => {
    if (i === 2 || i === 4) out += '.';
    out += digit;
  });
  return out;
}

function dateDigitAllowed(before: string[], digit: string): boolean {
  const d = Number(digit);
  switch (before.length) {
    case 0: // first digit of the day: 0–3
      return d <= 3;
    case 1: {
      // second digit of the day: 01–31
      const day = Number(before[0]) * 10 + d;
      return day >= 1 && day <= 31;
    }
    case 2: // first digit of the month: 0 or 1
      return d <= 1;
    case 3: {
      const month = Number(before[2]) * 10 + d;
      return month >= 1 && month <= 12;
    }
    case 4: // the year starts with 19 or 20
      return d === 1 || d === 2;
    case 5:
      return before[4] === '1' ? d === 9 : d === 0;
    default:
      return true;
  }
}

/** Whether a value is a complete dd.mm.yyyy date that obeys the mask's rules and exists in the calendar. */
export function isCompleteDate(value: string): boolean {
  return parseMaskedDate(value) !== null;
}

/**
 * Reads a complete dd.mm.yyyy value as `{ year, month, day }`, or null when it is incomplete, breaks a mask rule
 * or names a day the calendar lacks (31.04, 29.02 of a common year).
 */
export function parseMaskedDate(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  if (!match || maskDate(value) !== value) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = Number(match[3]);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** dd.mm.yyyy of a date's local calendar day. */
export function formatMaskedDate(date: Date): string {
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}.${mm}.${date.getFullYear()}`;
}

/** Keys that move the caret or the focus. */
export const NAVIGATION_KEYS: readonly string[] = [
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Tab',
  'Enter',
  'Escape',
];

/** Keys that edit the value without typing a character. */
export const EDIT_KEYS: readonly string[] = ['Backspace', 'Delete'];

/** Letters that, with Ctrl (or ⌘), copy, cut and select all. */
const CLIPBOARD_SHORTCUTS: readonly string[] = ['c', 'x', 'a'];

/**
 * The numeric key filter: whether a key press may reach a numeric input. Digits, navigation and edit keys
 * pass, and so do copy, cut and select-all (Ctrl or ⌘ with C, X, A). A decimal point passes only when `decimal`
 * is set, and only once (when `currentValue` already holds one, another is refused). Everything else is refused.
 */
export function isNumericKeyAllowed(event: KeyLike, options: { decimal?: boolean; currentValue?: string } = {}): boolean {
  const { key } = event;
  if (NAVIGATION_KEYS.includes(key) || EDIT_KEYS.includes(key)) return true;
  if ((event.ctrlKey || event.metaKey) && !event.altKey) {
    return CLIPBOARD_SHORTCUTS.includes(key.toLowerCase());
  }
  if (/^\d$/.test(key)) return true;
  if (key === '.' && options.decimal) return !(options.currentValue ?? '').includes('.');
  return false;
}

/** Keeps what the numeric filter would have let through, for pasted or programmatic values. */
export function sanitizeNumeric(value: string, options: { decimal?: boolean } = {}): string {
  if (!options.decimal) return value.replace(/\D/g, '');
  const cleaned = value.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  return point === -1 ? cleaned : cleaned.slice(0, point + 1) + cleaned.slice(point + 1).replace(/\./g, '');
}

const LETTER = /^\p{L}$/u;
const DIGIT = /^\d$/;

/**
 * Applies a pattern mask: in the pattern `9` stands for a digit and `A` for a letter (Latin or Cyrillic); every
 * other pattern character is a literal that the mask writes itself. Typed characters that do not fit the next slot
 * are dropped; a typed literal equal to the next literal is taken as that literal. Literals are written only up to
 * the last typed character, so erasing works naturally. Example: `maskPattern('9161234567', '+7 (999) 999-99-99')`
 * gives `'+7 (916) 123-45-67'`.
 */
export function maskPattern(input: string, pattern: string): string {
  const chars = [...input];
  let out = '';
  let pending = '';
  let i = 0;
  for (const slot of pattern) {
    if (i >= chars.length) break;
    if (slot === '9' || slot === 'A') {
      const test = slot === '9' ? DIGIT : LETTER;
      while (i < chars.length && !test.test(chars[i] ?? '')) i += 1;
      if (i >= chars.length) break;
      out += pending + (chars[i] ?? '');
      pending = '';
      i += 1;
    } else {
      pending += slot;
      if (chars[i] === slot) i += 1;
    }
  }
  // A literal the user typed themselves at the end is kept (typing "12:" shows "12:").
  if (pending !== '' && i > 0 && pending.endsWith(chars[i - 1] ?? '\u0000') && !isSlotChar(chars[i - 1])) {
    out += pending;
  }
  return out;
}

function isSlotChar(ch: string | undefined): boolean {
  return ch !== undefined && (DIGIT.test(ch) || LETTER.test(ch));
}

/** Whether a value fills every slot of a pattern. */
export function isPatternComplete(value: string, pattern: string): boolean {
  return value.length === pattern.length && maskPattern(value, pattern) === value;
}
