import type { Kysely } from 'kysely';
import { RESOURCES, type ResourceDescriptor } from '../../lib/resources/index.js';
import { may, type Permissions } from '../../lib/resources/rights.js';
import { calendarMoment, type CalendarItem } from '../../lib/calendar.js';
import type { Database } from '../db/schema.js';
import { declared } from '../db/declared.js';

/** The resources the calendar shows: every one with a publication moment, that the role may read. */
export const calendarResources = (permissions: Permissions): ResourceDescriptor[] =>
  RESOURCES.filter(
    (resource: ResourceDescriptor) => 'public_at' in resource.fields && 'published' in resource.fields && may(permissions, resource.name, 'read'),
  );

/** The most drafts listed beside the month, newest changes first. */
export const CALENDAR_DRAFTS = 100;

/** The most entries of one kind read from one table for a period. */
const PER_TABLE = 1000;

type Row = Readonly<Record<string, unknown>>;

const entryOf = (resource: ResourceDescriptor, kind: CalendarItem['kind'], row: Row): CalendarItem => ({
  resource: resource.name,
  id: Number(row.id),
  title: String(row.title),
  kind,
  public_at: String(row.public_at),
  unpublish_at: typeof row.unpublish_at === 'string' ? row.unpublish_at : null,
  published: Number(row.published) === 1,
});

/** One resource's entries: publications in [from, to) and drafts, and the withdrawals in [from, to) where it declares them. */
async function resourceItems(db: Kysely<Database>, resource: ResourceDescriptor, from: string, to: string): Promise<CalendarItem[]> {
  const withdrawable = 'unpublish_at' in resource.fields;
  const select = () =>
    declared(db)
      .selectFrom(resource.table)
      .select(['id', 'title', 'public_at', 'published', ...(withdrawable ? ['unpublish_at'] : [])]);
  const publications = await select()
    .where((eb) => eb.or([eb.and([eb('published', '=', 1), eb('public_at', '>=', from), eb('public_at', '<', to)]), eb('published', '=', 0)]))
    .orderBy('public_at', 'desc')
    .limit(PER_TABLE)
    .execute();
  const withdrawals = withdrawable
    ? await select()
        .where('published', '=', 1)
        .where('unpublish_at', '>=', from)
        .where('unpublish_at', '<', to)
        .orderBy('unpublish_at')
        .limit(PER_TABLE)
        .execute()
    : [];
  return [...publications.map((row) => entryOf(resource, 'publication', row)), ...withdrawals.map((row) => entryOf(resource, 'withdrawal', row))];
}

/**
 * Published items whose publication or withdrawal falls in [from, to) (scheduled ones included) and the drafts, of
 * every calendar resource the role may read: the dated entries in time order, then the drafts.
 */
export async function calendarItems(db: Kysely<Database>, permissions: Permissions, from: string, to: string): Promise<CalendarItem[]> {
  const items = (await Promise.all(calendarResources(permissions).map((resource) => resourceItems(db, resource, from, to)))).flat();
  const drafts = items
    .filter((item) => !item.published)
    .sort((a, b) => b.public_at.localeCompare(a.public_at))
    .slice(0, CALENDAR_DRAFTS);
  return [...items.filter((item) => item.published).sort((a, b) => calendarMoment(a).localeCompare(calendarMoment(b))), ...drafts];
}
