import { may, type Permissions } from '../../lib/resources/rights.js';
import type { ReviewQueue } from '../../lib/review.js';
import { declared } from '../db/declared.js';
import type { Db } from '../db/schema.js';
import { approves, DRAFT_RESOURCES } from './rules.js';
import { latestComment } from './store.js';

/** How many drafts the dashboard's review list shows. */
export const REVIEW_QUEUE_ITEMS = 50;

/** The dashboard's drafts: for those who approve them the ones waiting for review, for everyone their own, newest first. */
export async function reviewQueue(db: Db, user: { id: number; role: string; permissions: Permissions }): Promise<ReviewQueue> {
  const names = DRAFT_RESOURCES.filter((resource) => may(user.permissions, resource.name, 'read')).map((resource) => resource.name);
  const approved = names.filter((name) => approves(user, name));
  if (!names.length) return { waiting: [], mine: [] };
  const read = (mine: boolean) => {
    let query = db
      .selectFrom('record_drafts')
      .select(['resource', 'record_id', 'review_state', 'saved_at', 'saved_by_email', 'publish_at', 'draft_values'])
      .where('resource', 'in', mine ? names : approved);
    query = mine ? query.where('saved_by', '=', user.id) : query.where('review_state', '=', 'in_review');
    return query.orderBy('saved_at', 'desc').limit(REVIEW_QUEUE_ITEMS).execute();
  };
  const withComments = async (rows: Awaited<ReturnType<typeof read>>) => {
    const liveTitles = await titlesOf(db, rows);
    return Promise.all(
      rows.map(async (row) => ({
        resource: row.resource,
        record_id: row.record_id,
        title: draftTitle(row.draft_values) ?? liveTitles.get(`${row.resource}:${row.record_id}`) ?? null,
        review_state: row.review_state,
        saved_at: row.saved_at,
        user_email: row.saved_by_email,
        publish_at: row.publish_at,
        review_comment: row.review_state === 'changes_requested' ? await latestComment(db, row.resource, row.record_id) : null,
      })),
    );
  };
  return {
    waiting: approved.length ? await withComments(await read(false)) : [],
    mine: await withComments(await read(true)),
  };
}

/** The title the draft gives its record, when it changes it. */
function draftTitle(values: string): string | null {
  const title = (JSON.parse(values) as { title?: unknown }).title;
  return typeof title === 'string' && title.trim() !== '' ? title : null;
}

/** The live titles of the records the drafts belong to, by `resource:id`, one query per resource. */
async function titlesOf(db: Db, rows: readonly { resource: string; record_id: number }[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (const resource of DRAFT_RESOURCES) {
    const ids = rows.filter((row) => row.resource === resource.name).map((row) => row.record_id);
    if (ids.length === 0 || !('title' in resource.fields)) continue;
    const found = await declared(db).selectFrom(resource.table).select(['id', 'title']).where('id', 'in', ids).execute();
    for (const record of found) if (typeof record.title === 'string') titles.set(`${resource.name}:${Number(record.id)}`, record.title);
  }
  return titles;
}
