import type { FastifyRequest } from 'fastify';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import type { ReviewState } from '../../lib/review.js';
import type { Db } from '../db/schema.js';
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

/** Rows of a list (or the one record) of a resource that keeps drafts, each telling whether it has a draft and where its review stands. */
export async function withDraftFlags<R>(db: Db, resource: ResourceDescriptor, records: R[]): Promise<R[]> {
  const ids = records.flatMap((record) => (isRecord(record) ? [record.id] : []));
  if (!ids.length) return records;
  const drafts = await db
    .selectFrom('record_drafts')
    .select(['record_id', 'review_state'])
    .where('resource', '=', resource.name)
    .where('record_id', 'in', ids)
    .execute();
  const states = new Map<number, ReviewState>(drafts.map((draft) => [draft.record_id, draft.review_state]));
  return records.map((record) => (isRecord(record) ? { ...record, has_draft: states.has(record.id), review_state: states.get(record.id) ?? 'none' } : record));
}
