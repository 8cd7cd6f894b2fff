import type { Kysely } from 'kysely';
import { slugFromTitle } from '../../lib/slug.js';
import { trimEndOf } from '../../lib/format.js';
import type { Db } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { FORM_MESSAGE } from '../http/validation.js';

export const SLUG_TAKEN_MESSAGE = 'Этот адрес уже занят другой записью.';
/** When a title gives no Latin letters at all (only emoji, say), the slug starts from this. */
const FALLBACK_SLUG = 'zapis';

/** 409 with the field named: an explicitly chosen slug or identifier that another record has. */
export function conflict(field: string, text = SLUG_TAKEN_MESSAGE): HttpError {
  return new HttpError(409, FORM_MESSAGE, { [field]: [text] });
}

/** SQLite's and PostgreSQL's unique-constraint failures. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** Runs a write; a unique-constraint failure (two saves racing for one slug) becomes a 409 on `field`. */
export async function uniqueOr409<T>(field: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(field);
    throw error;
  }
}

/**
 * The slug a record is saved under. An explicit slug is kept as given and must be free (else 409); an empty
 * one is made from the title (Cyrillic transliterated) and, when taken, gets `-2`, `-3`… appended.
 */
export async function recordSlug(db: Db, table: string, requested: string, title: string, exceptId: number | null): Promise<string> {
  const loose = db as unknown as Kysely<Record<string, { id: number; slug: string }>>;
  const others = () => (exceptId === null ? loose.selectFrom(table) : loose.selectFrom(table).where('id', '!=', exceptId));
  if (requested) {
    const taken = await others().select('id').where('slug', '=', requested).executeTakeFirst();
    if (taken) throw conflict('slug');
    return requested;
  }
  const base = trimEndOf(slugFromTitle(title).slice(0, 110), '-') || FALLBACK_SLUG;
  const rows = await others()
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
