import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The tables whose published items appear on public pages at their `public_at`. */
const SCHEDULED_TABLES = ['news', 'media_our', 'media_other', 'media_video'] as const;

/**
 * The earliest `public_at` after `since` among published items: the moment a page would change without a write.
 * Timestamps are ISO 8601 UTC text in both dialects, so they compare as text.
 */
export async function nextScheduledPublication(db: Kysely<Database>, since: Date): Promise<number | null> {
  const sinceIso = since.toISOString();
  const times = await Promise.all(
    SCHEDULED_TABLES.map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.min('public_at').as('at'))
        .where('published', '=', 1)
        .where('public_at', '>', sinceIso)
        .executeTakeFirst();
      return row?.at ? Date.parse(row.at) : null;
    }),
  );
  const future = times.filter((time): time is number => time !== null && Number.isFinite(time));
  return future.length > 0 ? Math.min(...future) : null;
}
