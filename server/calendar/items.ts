import type { Kysely } from 'kysely';
import { RESOURCES, roleMayUse, type ResourceDescriptor, type Role } from '../../lib/resources/index.js';
import type { CalendarItem } from '../../lib/calendar.js';
import type { Database } from '../db/schema.js';

/** The resources the calendar shows: every one with a publication moment, that the role may read. */
export const calendarResources = (role: Role): ResourceDescriptor[] =>
  RESOURCES.filter((resource: ResourceDescriptor) => 'public_at' in resource.fields && 'published' in resource.fields && roleMayUse(role, resource));

/** The most drafts listed beside the month, newest changes first. */
export const CALENDAR_DRAFTS = 100;

type Loose = Kysely<
  Record<
    string,
    {
      id: number;
      title: string;
      public_at: string;
      published: number;
      updated_at: string;
    }
  >
>;

/**
 * Published items whose moment falls in [from, to) (scheduled ones included) and the drafts, of every calendar
 * resource the role may read, in time order.
 */
export async function calendarItems(db: Kysely<Database>, role: Role, from: string, to: string): Promise<CalendarItem[]> {
  const loose = db as unknown as Loose;
  const items: CalendarItem[] = [];
  for (const resource of calendarResources(role)) {
    const rows = await loose
      .selectFrom(resource.table)
      .select(['id', 'title', 'public_at', 'published'])
      .where((eb) => eb.or([eb.and([eb('published', '=', 1), eb('public_at', '>=', from), eb('public_at', '<', to)]), eb('published', '=', 0)]))
      .orderBy('public_at', 'desc')
      .limit(1000)
      .execute();
    items.push(
      ...rows.map((row) => ({
        resource: resource.name,
        id: Number(row.id),
        title: row.title,
        public_at: row.public_at,
        published: Number(row.published) === 1,
      })),
    );
  }
  const drafts = items
    .filter((item) => !item.published)
    .sort((a, b) => b.public_at.localeCompare(a.public_at))
    .slice(0, CALENDAR_DRAFTS);
  return [...items.filter((item) => item.published).sort((a, b) => a.public_at.localeCompare(b.public_at)), ...drafts];
}
