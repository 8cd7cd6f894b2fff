import { roleMayUse, type Role } from '../../lib/resources/index.js';
import type { ReviewQueue } from '../../lib/review.js';
import type { Db } from '../db/schema.js';
import { DRAFT_RESOURCES } from './rules.js';
import { latestComment } from './store.js';

/** How many drafts the dashboard's review list shows. */
export const REVIEW_QUEUE_ITEMS = 50;

/** The dashboard's drafts: for a MANAGER those waiting for review, for everyone their own, newest first. */
export async function reviewQueue(db: Db, user: { id: number; role: Role }): Promise<ReviewQueue> {
  const names = DRAFT_RESOURCES.filter((resource) => roleMayUse(user.role, resource)).map((resource) => resource.name);
  const read = (mine: boolean) => {
    let query = db
      .selectFrom('record_drafts')
      .select(['resource', 'record_id', 'review_state', 'saved_at', 'saved_by_email', 'publish_at'])
      .where('resource', 'in', names);
    query = mine ? query.where('saved_by', '=', user.id) : query.where('review_state', '=', 'in_review');
    return query.orderBy('saved_at', 'desc').limit(REVIEW_QUEUE_ITEMS).execute();
  };
  const withComments = (rows: Awaited<ReturnType<typeof read>>) =>
    Promise.all(
      rows.map(async (row) => ({
        resource: row.resource,
        record_id: row.record_id,
        review_state: row.review_state,
        saved_at: row.saved_at,
        user_email: row.saved_by_email,
        publish_at: row.publish_at,
        review_comment: row.review_state === 'changes_requested' ? await latestComment(db, row.resource, row.record_id) : null,
      })),
    );
  return {
    waiting: user.role === 'MANAGER' ? await withComments(await read(false)) : [],
    mine: await withComments(await read(true)),
  };
}
