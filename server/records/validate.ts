import { z } from 'zod';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_EXCEPT_LINES, foldLines, idFromText, MAX_ID } from '../../lib/ids.js';
import { FIELD_MESSAGES, HTML_MAX, IDENTIFIER_PATTERN } from '../../lib/resources/fields.js';

const CONTROL_MESSAGE = 'Недопустимые управляющие символы.';

/**
 * Text trimmed, at most `max` characters; multipart sends every value as text, JSON may send numbers. Control
 * characters (NUL and the like, which PostgreSQL refuses and no editor types) are a field error; tab and line
 * breaks stay allowed, as leads and descriptions span lines. An overlong text stops at the length check: no rule
 * after it (nor any a caller adds) ever reads it, so no check's time depends on what an attacker sends beyond it.
 */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { abort: true })
    .refine((value) => !CONTROL_CHARACTERS_EXCEPT_LINES.test(value), { message: CONTROL_MESSAGE, abort: true });

/**
 * Text on one line (a name, an address): like `text`, with line breaks and tabs folded into spaces, so the value can
 * stand in a line of a letter or a header without starting a line of its own; other control characters are refused.
 */
export const line = (max: number, min = 0) =>
  z
    .string()
    .trim()
    .max(max, { abort: true })
    .min(min)
    .transform(foldLines)
    .refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_MESSAGE);

/** `''` (a cleared form field) and `null` (JSON) as "not given", for optional values. */
export const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** 0 or 1 from JSON (0, 1, false, true) or a form ('0', '1', 'false', 'true'). */
export const flag = z.preprocess(
  (value) => {
    if (value === true || value === 'true' || value === '1') return 1;
    if (value === false || value === 'false' || value === '0') return 0;
    return value;
  },
  z.union([z.literal(0), z.literal(1)], { error: 'Ожидается 0 или 1.' }),
);

/** The longest text read as a number: 15 digits and a sign with room for spaces around them. */
const DIGITS_TEXT_MAX = 40;

/**
 * Form text of digits as a number. Up to 15 digits stay exact; longer runs are left as text and refused by the
 * number schema, so nothing past the integer columns' range ever reaches a query.
 */
export const fromDigits = (value: unknown) =>
  typeof value === 'string' && value.length <= DIGITS_TEXT_MAX && /^\s*-?\d{1,15}\s*$/.test(value) ? Number(value) : value;

/**
 * A whole number from JSON or form text, never past the database's `integer` range. `message`, when given, is
 * the one answer to every refusal (a list filter names its parameter); otherwise each says what is wrong.
 */
export const integer = (min = 0, max = 1_000_000_000, message?: string) => {
  const upper = Math.min(max, MAX_ID);
  const lower = Math.max(min, -MAX_ID - 1);
  const number = message ? z.number({ error: message }) : z.number();
  return z.preprocess(
    fromDigits,
    number
      .int(message ?? 'Ожидается целое число.')
      .min(lower, message ?? `Не меньше ${lower}.`)
      .max(upper, message ?? `Не больше ${upper}.`),
  );
};

const ID_MESSAGE = 'Ожидается номер записи.';

/**
 * A record id, or null for none (`''` or `null`, as forms and JSON send it). Ids are 1..2147483647 (the
 * `integer` columns); anything else cannot name a record and is a field error, not a database error.
 */
export const optionalId = z.preprocess((value) => {
  if (value === '' || value === 'null') return null;
  if (typeof value === 'string') return idFromText(value.trim()) ?? value;
  return value;
}, z.number().int('Ожидается целое число.').min(1, ID_MESSAGE).max(MAX_ID, ID_MESSAGE).nullable());

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** An ISO 8601 date or date-time, stored as UTC ISO text (`2026-01-31T09:00:00.000Z`). */
export const isoDate = z
  .string()
  .trim()
  .min(1)
  .refine((value) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)), 'Ожидается дата ISO 8601, например 2026-01-31T09:00:00Z.')
  .transform((value) => new Date(value).toISOString());

/**
 * Rich HTML as sent: longer than `HTML_MAX` and control characters but tab and line breaks are field errors,
 * checked before anything parses it. The write sanitises it before it is stored, off the main thread
 * (`server/resources/preparedValues.ts`); reads serve it as stored.
 */
export const richHtml = z
  .string()
  .max(HTML_MAX, { abort: true })
  .refine((value) => !CONTROL_CHARACTERS_EXCEPT_LINES.test(value), CONTROL_MESSAGE);

/** A slug as typed by an editor: lower-case Latin letters, digits and single hyphens; empty means "from the title". */
export const slugField = z
  .string()
  .trim()
  .max(120)
  .refine((value) => value === '' || IDENTIFIER_PATTERN.test(value), FIELD_MESSAGES.identifier);
