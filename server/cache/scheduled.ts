import type { Kysely } from 'kysely';
import { RESOURCES } from '../../lib/resources/index.js';
import type { Database } from '../db/schema.js';
import { declared } from '../db/declared.js';
import { momentComes, ruleMomentsOf } from '../content/visibility.js';

/**
 * The moments at which published items change the public pages on their own: their `public_at` (they appear) and,
 * where declared, their `unpublish_at` (they leave). Each is a resource and one of its dates.
 */
const SCHEDULED_MOMENTS = RESOURCES.filter((resource) => 'public_at' in resource.fields && 'published' in resource.fields).flatMap((resource) =>
  ruleMomentsOf(resource).map((moment) => ({ resource, moment })),
);

/**
 * The earliest `public_at` or `unpublish_at` after `since` (`momentComes`: an unpublished item's `unpublish_at`
 * counts too, which at worst ends a generation for nothing): the moment a page would change without a write.
 * Timestamps are ISO 8601 UTC text in both dialects, so they compare as text.
 */
export async function nextScheduledChange(db: Kysely<Database>, since: Date): Promise<number | null> {
  const sinceIso = since.toISOString();
  const times = await Promise.all(
    SCHEDULED_MOMENTS.map(async ({ resource, moment }) => {
      const row = await declared(db)
        .selectFrom(resource.table)
        .select((eb) => eb.fn.min(moment).as('at'))
        .where(momentComes(resource, moment, sinceIso))
        .executeTakeFirst();
      return row?.at ? Date.parse(String(row.at)) : null;
    }),
  );
  const future = times.filter((time): time is number => time !== null && Number.isFinite(time));
  return future.length > 0 ? Math.min(...future) : null;
}
