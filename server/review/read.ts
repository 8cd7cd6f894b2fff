import type { FastifyRequest } from 'fastify';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import type { ReviewState } from '../../lib/review.js';
import { draftStateOf } from './drafts.js';
import { underReview } from './rules.js';

const isRecord = (value: unknown): value is Record<string, unknown> & { id: number } =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';

/**
 * A record as the edit screen reads it: the live values, then its draft (null when none), its review state, and
 * whether the signed-in user's changes of it wait for a MANAGER (so the screen offers sending for review, not
 * publishing).
 */
export async function withDraftState(request: FastifyRequest, resource: ResourceDescriptor, record: unknown): Promise<unknown> {
  if (!isRecord(record)) return record;
  const state = await draftStateOf(request.server.db, resource, record);
  return { ...record, ...state, has_draft: state.draft !== null, review_required: await underReview(request, resource) };
}

/**
 * Rows of a list of a resource that keeps drafts, each telling whether it has a draft, where its review stands,
 * whether the signed-in user saved that draft, and whether the user's changes wait for a MANAGER (the row's buttons
 * that change a live record directly are then refused).
 */
export async function withDraftFlags<R>(request: FastifyRequest, resource: ResourceDescriptor, records: R[]): Promise<R[]> {
  const ids = records.flatMap((record) => (isRecord(record) ? [record.id] : []));
  if (!ids.length) return records;
  const drafts = await request.server.db
    .selectFrom('record_drafts')
    .select(['record_id', 'review_state', 'saved_by'])
    .where('resource', '=', resource.name)
    .where('record_id', 'in', ids)
    .execute();
  const byRecord = new Map<number, { review_state: ReviewState; saved_by: number | null }>(drafts.map((draft) => [draft.record_id, draft]));
  const reviewRequired = await underReview(request, resource);
  return records.map((record) => {
    if (!isRecord(record)) return record;
    const draft = byRecord.get(record.id);
    return {
      ...record,
      has_draft: draft !== undefined,
      review_state: draft?.review_state ?? 'none',
      draft_mine: draft !== undefined && draft.saved_by !== null && draft.saved_by === request.user?.id,
      review_required: reviewRequired,
    };
  });
}
