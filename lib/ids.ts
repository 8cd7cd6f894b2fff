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

/**
 * Characters no text may hold, tab and line breaks included: the control characters (C0, DEL and C1, NEL among
 * them), which no editor types, and what XML forbids besides (half of a surrogate pair, U+FFFE, U+FFFF), which would
 * make a feed or a sitemap invalid.
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\p{Cs}\uFFFE\uFFFF]/u;
/** The same without tab, line feed and carriage return, which multi-line text and HTML may keep. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS_EXCEPT_LINES = /[\u0000-\u0008\v\f\u000E-\u001F\u007F-\u009F\p{Cs}\uFFFE\uFFFF]/u;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS_EXCEPT_LINES_ALL = /[\u0000-\u0008\v\f\u000E-\u001F\u007F-\u009F\p{Cs}\uFFFE\uFFFF]/gu;

/**
 * A stored text with the characters above left out (tab and line breaks kept), for documents that must stay valid
 * whatever was stored before these characters were refused, or written around the checks: feeds, sitemaps, calendars.
 */
export const withoutControlCharacters = (value: string): string => value.replace(CONTROL_CHARACTERS_EXCEPT_LINES_ALL, '');

/** Line breaks of every kind (and tabs), in runs. */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

/** A text on one line: each run of line breaks and tabs becomes one space, so the text can never start a line of its own. */
export const foldLines = (value: string): string => value.replace(LINE_BREAKS, ' ');

/** The longest slug or identifier a public address may name. */
export const MAX_PATH_KEY = 300;

/** Whether a slug or identifier from a public address can name a record: no control characters, not overlong. */
export const isPathKey = (value: string): boolean => value.length > 0 && value.length <= MAX_PATH_KEY && !CONTROL_CHARACTERS.test(value);
