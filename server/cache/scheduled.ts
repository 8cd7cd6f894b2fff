import type { Kysely } from 'kysely';
import { RESOURCES } from '../../lib/resources/index.js';
import type { Database } from '../db/schema.js';
import { declared } from '../db/declared.js';

/**
 * The moments at which published items change the public pages on their own: their `public_at` (they appear) and,
 * where declared, their `unpublish_at` (they leave). Each is a table and one of its date columns.
 */
const SCHEDULED_MOMENTS = RESOURCES.filter((resource) => 'public_at' in resource.fields && 'published' in resource.fields).flatMap((resource) =>
  ['public_at', 'unpublish_at'].filter((column) => column in resource.fields).map((column) => ({ table: resource.table, column })),
);

/**
 * The earliest `public_at` or `unpublish_at` after `since` among published items: the moment a page would change
 * without a write. Timestamps are ISO 8601 UTC text in both dialects, so they compare as text.
 */
export async function nextScheduledChange(db: Kysely<Database>, since: Date): Promise<number | null> {
  const sinceIso = since.toISOString();
  const times = await Promise.all(
    SCHEDULED_MOMENTS.map(async ({ table, column }) => {
      const row = await declared(db)
        .selectFrom(table)
        .select((eb) => eb.fn.min(column).as('at'))
        .where('published', '=', 1)
        .where(column, '>', sinceIso)
        .executeTakeFirst();
      return row?.at ? Date.parse(String(row.at)) : null;
    }),
  );
  const future = times.filter((time): time is number => time !== null && Number.isFinite(time));
  return future.length > 0 ? Math.min(...future) : null;
}
