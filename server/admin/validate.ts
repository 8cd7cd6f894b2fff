import { z } from 'zod';
import { FIELD_MESSAGES, HTML_MAX, IDENTIFIER_PATTERN } from '../../lib/resources/fields.js';
import { sanitizeHtml } from '../content/sanitize.js';

/** Text trimmed, at most `max` characters; multipart sends every value as text, JSON may send numbers. */
export const text = (max: number) => z.string().trim().max(max);

/** 0 or 1 from JSON (0, 1, false, true) or a form ('0', '1', 'false', 'true'). */
export const flag = z.preprocess(
  (value) => {
    if (value === true || value === 'true' || value === '1') return 1;
    if (value === false || value === 'false' || value === '0') return 0;
    return value;
  },
  z.union([z.literal(0), z.literal(1)], { error: 'Ожидается 0 или 1.' }),
);

const fromDigits = (value: unknown) => (typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value) ? Number(value) : value);

/** A whole number from JSON or form text. */
export const integer = (min = 0, max = 1_000_000_000) =>
  z.preprocess(fromDigits, z.number().int('Ожидается целое число.').min(min, `Не меньше ${min}.`).max(max, `Не больше ${max}.`));

/** A record id, or null for none (`''` or `null`, as forms and JSON send it). */
export const optionalId = z.preprocess(
  (value) => (value === '' || value === 'null' ? null : fromDigits(value)),
  z.number().int('Ожидается целое число.').positive('Ожидается номер записи.').nullable(),
);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** An ISO 8601 date or date-time, stored as UTC ISO text (`2026-01-31T09:00:00.000Z`). */
export const isoDate = z
  .string()
  .trim()
  .min(1)
  .refine((value) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)), 'Ожидается дата ISO 8601, например 2026-01-31T09:00:00Z.')
  .transform((value) => new Date(value).toISOString());

/** Rich HTML, sanitised before it is stored. */
export const richHtml = z.string().max(HTML_MAX).transform(sanitizeHtml);

/** A slug as typed by an editor: lower-case Latin letters, digits and single hyphens; empty means "from the title". */
export const slugField = z
  .string()
  .trim()
  .max(120)
  .refine((value) => value === '' || IDENTIFIER_PATTERN.test(value), FIELD_MESSAGES.identifier);
