/**
 * Record ids and the keys of public addresses, read the same way by the API, the admin and the site pages.
 * Ids are PostgreSQL `integer` columns (SQLite stores the same values), so a number outside 1..2147483647 can
 * name no record: it is "not found" (or a field error in a form), never a query the database refuses.
 */
export const MAX_ID = 2_147_483_647;

/** Whether a number can be a record id. */
export const isIdInRange = (value: number): boolean => Number.isSafeInteger(value) && value >= 1 && value <= MAX_ID;

/** An id written in digits (`42`), or null for anything else: signs, spaces, leading zeros, out of range. */
export function idFromText(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return isIdInRange(id) ? id : null;
}

/** Control characters no text may hold (NUL and the rest of C0, DEL), tab and line breaks included. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;
/** The same without tab, line feed and carriage return, which multi-line text and HTML may keep. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS_EXCEPT_LINES = /[\u0000-\u0008\v\f\u000E-\u001F\u007F]/;

/** Line breaks of every kind (and tabs), in runs. */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

/** A text on one line: each run of line breaks and tabs becomes one space, so the text can never start a line of its own. */
export const foldLines = (value: string): string => value.replace(LINE_BREAKS, ' ');

/** The longest slug or identifier a public address may name. */
export const MAX_PATH_KEY = 300;

/** Whether a slug or identifier from a public address can name a record: no control characters, not overlong. */
export const isPathKey = (value: string): boolean => value.length > 0 && value.length <= MAX_PATH_KEY && !CONTROL_CHARACTERS.test(value);
