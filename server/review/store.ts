import type { FastifyRequest } from 'fastify';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import { nowIso } from '../content/visibility.js';
import { isPostgres } from '../db/dialect.js';
import type { ReviewComment, ReviewState } from '../../lib/review.js';
import type { Db, RecordDraftRow } from '../db/schema.js';
import type { Row, Values } from '../resources/hooks.js';

/**
 * The drafts of content records and the steps of their review. Only the admin reads them: no public read, search
 * index, sitemap or feed ever looks here, so a draft reaches visitors only once it is published through the
 * resource's ordinary save.
 */

export async function draftOf(db: Db, resource: string, recordId: number): Promise<RecordDraftRow | undefined> {
  return db.selectFrom('record_drafts').selectAll().where('resource', '=', resource).where('record_id', '=', recordId).executeTakeFirst();
}

/** The draft, locked against other writers of it until the transaction ends (SQLite has one writer at a time). */
export async function lockedDraft(trx: Db, resource: string, recordId: number): Promise<RecordDraftRow | undefined> {
  const query = trx.selectFrom('record_drafts').selectAll().where('resource', '=', resource).where('record_id', '=', recordId);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export const draftValuesOf = (draft: RecordDraftRow): Values => JSON.parse(draft.draft_values) as Values;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A draft saved again keeps what it held and takes what was sent over it, field by field, and so in each other
 * language: a form that sends only its changed fields (autosave) loses nothing of the draft.
 */
export function mergedDraftValues(before: Values, sent: Values): Values {
  const merged = { ...before, ...sent };
  const kept = before.translations;
  const added = sent.translations;
  if (isObject(kept) && isObject(added)) {
    const translations: Record<string, unknown> = { ...kept };
    for (const [locale, values] of Object.entries(added)) {
      const old = kept[locale];
      translations[locale] = isObject(values) && isObject(old) ? { ...old, ...values } : values;
    }
    merged.translations = translations;
  }
  return merged;
}

/** Whether a draft waits for someone else's word: sent for review, or its publication scheduled. */
export const isAwaiting = (draft: RecordDraftRow): boolean => draft.review_state === 'in_review' || draft.publish_at !== null;

/**
 * Saves the draft of a live record (its row locked by the caller): a new one is begun from the live version. A change
 * of a draft sent for review or scheduled for publication ends both: what a MANAGER read or approved is no longer
 * what would be published, so the draft is back with its author (to be sent again) and no job publishes it. Answers
 * whether that happened (a save that changes nothing leaves both as they are).
 */
export async function writeDraft(
  trx: Db,
  request: FastifyRequest,
  resource: ResourceDescriptor,
  live: Row,
  existing: RecordDraftRow | undefined,
  sent: Values,
): Promise<boolean> {
  const author = { saved_by: request.user?.id ?? null, saved_by_email: request.user?.email ?? '', saved_at: nowIso() };
  if (existing) {
    const values = JSON.stringify(mergedDraftValues(draftValuesOf(existing), sent));
    const ends = isAwaiting(existing) && values !== existing.draft_values;
    const waiting = ends ? { review_state: 'none' as const, publish_at: null, scheduled_by: null } : {};
    await trx
      .updateTable('record_drafts')
      .set({ ...author, ...waiting, draft_values: values, version: existing.version + 1 })
      .where('id', '=', existing.id)
      .execute();
    return ends;
  }
  const version = Number(live.version);
  await trx
    .insertInto('record_drafts')
    .values({
      ...author,
      resource: resource.name,
      record_id: live.id,
      draft_values: JSON.stringify(sent),
      // The draft's versions continue the live record's, so a form's version names one of them unmistakably.
      version: version + 1,
      base_version: version,
      review_state: 'none',
      publish_at: null,
      scheduled_by: null,
    })
    .execute();
  return false;
}

export async function setReviewState(trx: Db, draft: RecordDraftRow, state: ReviewState): Promise<void> {
  await trx.updateTable('record_drafts').set({ review_state: state }).where('id', '=', draft.id).execute();
}

export async function scheduleDraft(trx: Db, draft: RecordDraftRow, publishAt: string | null, by: number | null): Promise<void> {
  await trx
    .updateTable('record_drafts')
    .set({ publish_at: publishAt, scheduled_by: publishAt === null ? null : by })
    .where('id', '=', draft.id)
    .execute();
}

export async function deleteDraft(trx: Db, resource: string, recordId: number): Promise<void> {
  await trx.deleteFrom('record_drafts').where('resource', '=', resource).where('record_id', '=', recordId).execute();
}

/** The drafts whose chosen moment has come, oldest first. */
export async function dueDrafts(db: Db, now: string): Promise<RecordDraftRow[]> {
  return db.selectFrom('record_drafts').selectAll().where('publish_at', 'is not', null).where('publish_at', '<=', now).orderBy('publish_at').execute();
}

/** `withdraw`: the draft changed while it waited for review or its moment, which ended both. */
export type ReviewAction = 'submit' | 'request-changes' | 'publish' | 'withdraw';

/** Keeps one step of a review with who took it; answers its id (what its letter is about). */
export async function addReviewEvent(
  trx: Db,
  request: FastifyRequest,
  step: { resource: string; recordId: number; action: ReviewAction; comment?: string | null; authorId: number | null },
): Promise<number> {
  const row = await trx
    .insertInto('review_events')
    .values({
      resource: step.resource,
      record_id: step.recordId,
      action: step.action,
      comment: step.comment ?? null,
      user_id: request.user?.id ?? null,
      user_email: request.user?.email ?? '',
      author_id: step.authorId,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The latest comment on the record's draft: none before its first return, and none left once a draft was published. */
export async function latestComment(db: Db, resource: string, recordId: number): Promise<ReviewComment | null> {
  const row = await db
    .selectFrom('review_events')
    .select(['action', 'comment', 'user_email', 'created_at'])
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .where('action', 'in', ['request-changes', 'publish'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.action === 'request-changes' ? { text: row.comment ?? '', user_email: row.user_email, at: row.created_at } : null;
}
