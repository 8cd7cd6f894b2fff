import type { FastifyRequest } from 'fastify';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import type { Row, Values } from '../resources/hooks.js';
import { loadOr404 } from '../resources/rows.js';
import { defaultOf } from '../resources/zod.js';
import { refuseDraftUploads, saveDraft } from './drafts.js';
import { draftOf } from './store.js';
import { isLive, underReview } from './rules.js';

export interface ReviewedWrite {
  action: string;
  /** Null on add. */
  id: number | null;
  values: Values;
}

/** The resource's ordinary save of the live record. */
export type SaveLive = (request: FastifyRequest, action: string, id: number | null, values: Values) => Promise<Row>;

/**
 * Every save of a resource that keeps drafts (an add, an update in either style, a restored revision) passes here.
 * Where a MANAGER asked for review, a USER does not change what visitors see: a new record is added unpublished and
 * its publication waits as its draft; a change of a live record, of one with a draft, or one that would publish it,
 * becomes its draft.
 * Anything else is saved as usual. Answers the live row.
 */
export async function reviewedSave(request: FastifyRequest, resource: ResourceDescriptor, write: ReviewedWrite, saveLive: SaveLive): Promise<Row> {
  const { action, id, values } = write;
  if (!(await underReview(request, resource))) return saveLive(request, action, id, values);
  const flag = resource.fields.published;
  const publishes = flag !== undefined && Number(values.published) === 1;
  if (id === null) {
    // A new record is published unless the body says otherwise, where the flag's default is to publish.
    if (!publishes && !(flag && values.published === undefined && defaultOf(flag) === 1)) return saveLive(request, action, null, values);
    const row = await saveLive(request, action, null, { ...values, published: 0 });
    await saveDraft(request, resource, row.id, { published: 1 }, null);
    return row;
  }
  const live = await loadOr404(request.server.db, resource, id);
  // An unpublished record's changes are saved as usual, unless it has a draft already (its publication waiting):
  // they join the draft, which stays based on the version it was begun from.
  const hasDraft = (await draftOf(request.server.db, resource.name, id)) !== undefined;
  if (!isLive(resource, live) && !publishes && !hasDraft) return saveLive(request, action, id, values);
  refuseDraftUploads(request);
  // A restored version names the live record's version, not the draft's; it becomes the draft as it is.
  return saveDraft(request, resource, id, values, action === 'restore-revision' ? null : undefined);
}
