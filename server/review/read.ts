import type { FastifyRequest } from 'fastify';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
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
  return { ...record, ...(await draftStateOf(request.server.db, resource, record)), review_required: await underReview(request, resource) };
}
