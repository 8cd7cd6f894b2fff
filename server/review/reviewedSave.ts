import type { FastifyRequest } from 'fastify';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import type { Db, Row, Trx, Values } from '../resources/hooks.js';
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

/**
 * The resource's ordinary save of the live record; `onLocked` runs in its transaction once the record is locked, and
 * may stop it by throwing.
 */
export type SaveLive = (
  request: FastifyRequest,
  action: string,
  id: number | null,
  values: Values,
  onLocked?: (trx: Trx, current: Row) => Promise<void>,
) => Promise<Row>;

/** Stops a plain save whose record, once locked, turned out to be one whose changes wait as a draft. */
class BecomesDraft extends Error {}

/**
 * Every save of a resource that keeps drafts (an add, an update in either style, a restored revision) passes here.
 * Where a MANAGER asked for review, a USER does not change what visitors see: a new record is added unpublished and
 * its publication waits as its draft; a change of a live record, of one with a draft, or one that would publish it,
 * becomes its draft.
 * Anything else is saved as usual. Whether a change may reach the record itself is decided again inside the save's
 * transaction, with the record locked: a MANAGER who publishes it at the same moment is either before the save (which
 * then becomes the draft) or after it (and publishes the change knowingly), never in between. Answers the live row.
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
  // An unpublished record's changes are saved as usual, unless it has a draft already (its publication waiting):
  // they join the draft, which stays based on the version it was begun from.
  const waitsAsDraft = async (db: Db, row: Row) => publishes || isLive(resource, row) || (await draftOf(db, resource.name, id)) !== undefined;
  if (!(await waitsAsDraft(request.server.db, await loadOr404(request.server.db, resource, id)))) {
    try {
      return await saveLive(request, action, id, values, async (trx, current) => {
        if (await waitsAsDraft(trx, current)) throw new BecomesDraft();
      });
    } catch (error) {
      if (!(error instanceof BecomesDraft)) throw error;
    }
  }
  refuseDraftUploads(request);
  // A restored version names the live record's version, not the draft's; it becomes the draft as it is.
  return saveDraft(request, resource, id, values, action === 'restore-revision' ? null : undefined);
}
