import type { Kysely } from 'kysely';
import { RESOURCES } from '../../lib/resources/index.js';
import type { Database } from '../db/schema.js';
import { declared } from '../db/declared.js';
import { momentComes, ruleMomentsOf } from '../content/visibility.js';
import { partBoundaries } from '../content/listParts.js';
import type { ScheduledTime } from './schedule.js';

/**
 * The moments at which published items change the public pages on their own: their `public_at` (they appear),
 * where declared their `unpublish_at` (they leave), and the dates at which they move from one part of a list to
 * another (an event from the upcoming ones to the past ones at its start). Each is a resource and one of its dates;
 * `searched`: the search index copies it.
 */
const SCHEDULED_MOMENTS = RESOURCES.flatMap((resource) => [
  ...('public_at' in resource.fields && 'published' in resource.fields ? ruleMomentsOf(resource) : []).map((moment) => ({ resource, moment, searched: true })),
  ...partBoundaries(resource).map((moment) => ({ resource, moment, searched: false })),
]);

/** The table of the site search's entries (server/search/indexer.ts), which copies each item's dates. */
const SEARCH_INDEX_TABLE = 'search_index';

/**
 * Per table (all, or only `tables`), the earliest `public_at` (an item appears) and `unpublish_at` (one leaves) after
 * `since` (`momentComes`: an unpublished item's `unpublish_at` counts too, which at worst ends that table's pages for
 * nothing): the moments its pages would change without a write. Timestamps are ISO 8601 UTC text in both dialects,
 * so they compare as text.
 */
export async function nextScheduledChanges(db: Kysely<Database>, since: Date, tables: readonly string[] | null): Promise<ScheduledTime[]> {
  const sinceIso = since.toISOString();
  const moments = tables === null ? SCHEDULED_MOMENTS : SCHEDULED_MOMENTS.filter(({ resource }) => tables.includes(resource.table));
  const times = await Promise.all(
    moments.map(async ({ resource, moment, searched }) => {
      const row = await declared(db)
        .selectFrom(resource.table)
        .select((eb) => eb.fn.min(moment).as('at'))
        .where(momentComes(resource, moment, sinceIso))
        .executeTakeFirst();
      return { table: resource.table, at: row?.at ? Date.parse(String(row.at)) : Number.NaN, leaves: moment === 'unpublish_at', searched };
    }),
  );
  // The search answers read the items' dates from their own copy in the search index: it ends with the table.
  return times
    .filter((time) => Number.isFinite(time.at))
    .flatMap(({ table, at, leaves, searched }) => [
      { table, source: table, at, leaves },
      ...(searched ? [{ table: SEARCH_INDEX_TABLE, source: table, at, leaves }] : []),
    ]);
}
