import type { Kysely } from 'kysely';
import { RESOURCES, type ResourceDescriptor } from '../../lib/resources/index.js';
import type { Database } from '../db/schema.js';
import { declared } from '../db/declared.js';
import { momentComes, ruleMomentsOf } from '../content/visibility.js';
import { partBoundaries } from '../content/listParts.js';
import type { ScheduledTime } from './schedule.js';

/**
 * A date of a resource at which its published items change the public pages on their own, `crossesAfterMs` after the
 * date's own moment (see `partBoundaries`); `searched`: the search index copies it.
 */
export interface ScheduledMoment {
  resource: ResourceDescriptor;
  moment: string;
  crossesAfterMs: 0 | 1;
  searched: boolean;
}

/**
 * The moments at which published items change the public pages on their own: their `public_at` (they appear),
 * where declared their `unpublish_at` (they leave), and the dates at which they move from one part of a list to
 * another (an event from the upcoming ones to the past ones at its start).
 */
export const scheduledMomentsOf = (resources: readonly ResourceDescriptor[]): ScheduledMoment[] =>
  resources.flatMap((resource) => [
    ...('public_at' in resource.fields && 'published' in resource.fields ? ruleMomentsOf(resource) : []).map((moment) => ({
      resource,
      moment,
      crossesAfterMs: 0 as const,
      searched: true,
    })),
    ...partBoundaries(resource).map(({ field, crossesAfterMs }) => ({ resource, moment: field, crossesAfterMs, searched: false })),
  ]);

const SCHEDULED_MOMENTS = scheduledMomentsOf(RESOURCES);

/** The table of the site search's entries (server/search/indexer.ts), which copies each item's dates. */
const SEARCH_INDEX_TABLE = 'search_index';

/**
 * Per table (all, or only `tables`), the earliest `public_at` (an item appears) and `unpublish_at` (one leaves) after
 * `since` (`momentComes`: an unpublished item's `unpublish_at` counts too, which at worst ends that table's pages for
 * nothing), and the earliest crossing of a list part's bound: the moments its pages would change without a write.
 */
export const nextScheduledChanges = (db: Kysely<Database>, since: Date, tables: readonly string[] | null): Promise<ScheduledTime[]> =>
  scheduledTimes(db, SCHEDULED_MOMENTS, since, tables);

/**
 * The same for the given moments. A moment's change comes `crossesAfterMs` after its date, so its dates are read from
 * that much before `since`: a date at `since` itself whose change is still to come counts. Timestamps are ISO 8601 UTC
 * text in both dialects, so they compare as text.
 */
export async function scheduledTimes(
  db: Kysely<Database>,
  scheduled: readonly ScheduledMoment[],
  since: Date,
  tables: readonly string[] | null,
): Promise<ScheduledTime[]> {
  const moments = tables === null ? scheduled : scheduled.filter(({ resource }) => tables.includes(resource.table));
  const times = await Promise.all(
    moments.map(async ({ resource, moment, crossesAfterMs, searched }) => {
      const after = new Date(since.getTime() - crossesAfterMs).toISOString();
      const row = await declared(db)
        .selectFrom(resource.table)
        .select((eb) => eb.fn.min(moment).as('at'))
        .where(momentComes(resource, moment, after))
        .executeTakeFirst();
      const at = row?.at ? Date.parse(String(row.at)) + crossesAfterMs : Number.NaN;
      return { table: resource.table, at, leaves: moment === 'unpublish_at', searched };
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
