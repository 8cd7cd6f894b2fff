import type { Kysely } from 'kysely';
import { RESOURCES } from '../../lib/resources/index.js';
import type { Database } from '../db/schema.js';

/** The tables whose published items appear on public pages at their `public_at`: every resource that declares one. */
const SCHEDULED_TABLES = RESOURCES.filter((resource) => 'public_at' in resource.fields && 'published' in resource.fields).map((resource) => resource.table);

type LooseDatabase = Record<string, { public_at: string; published: number }>;

/**
 * The earliest `public_at` after `since` among published items: the moment a page would change without a write.
 * Timestamps are ISO 8601 UTC text in both dialects, so they compare as text.
 */
export async function nextScheduledPublication(db: Kysely<Database>, since: Date): Promise<number | null> {
  const sinceIso = since.toISOString();
  const loose = db as unknown as Kysely<LooseDatabase>;
  const times = await Promise.all(
    SCHEDULED_TABLES.map(async (table) => {
      const row = await loose
        .selectFrom(table)
        .select((eb) => eb.fn.min('public_at').as('at'))
        .where('published', '=', 1)
        .where('public_at', '>', sinceIso)
        .executeTakeFirst();
      return row?.at ? Date.parse(String(row.at)) : null;
    }),
  );
  const future = times.filter((time): time is number => time !== null && Number.isFinite(time));
  return future.length > 0 ? Math.min(...future) : null;
}
