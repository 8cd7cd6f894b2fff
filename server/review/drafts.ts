import type { FastifyRequest } from 'fastify';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import { lastWriteOf, recordAudit } from '../records/audit.js';
import { expectedVersions, isStale, OVERWRITE_HEADER, staleVersion } from '../records/versions.js';
import type { ReviewComment, ReviewState } from '../../lib/review.js';
import type { Db, RecordDraftRow } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { enqueueLetter } from '../mail/mailer.js';
import type { Row, Trx, Values } from '../resources/hooks.js';
import { preparedValues } from '../resources/preparedValues.js';
import { loadOr404, lockedForWrite } from '../resources/rows.js';
import { translationLocalesOf } from '../translations/admin.js';
import { REVIEW_LETTER } from './letters.js';
import { approves, REVIEW_MESSAGES, underReview } from './rules.js';
import { addReviewEvent, deleteDraft, draftOf, draftValuesOf, latestComment, lockedDraft, scheduleDraft, setReviewState, writeDraft } from './store.js';

/**
 * A record's ordinary save (validation, revision, search index, redirects, IndexNow, page cache), given the values of
 * its draft: how a draft reaches the live record. `expected` is the live version the draft was begun from; `inWrite`
 * runs in the save's transaction.
 */
export type PublishVia = (
  request: FastifyRequest,
  id: number,
  values: Values,
  how: { action: string; expected: number[] | null; inWrite: (trx: Trx, row: Row) => Promise<void> },
) => Promise<Row>;

/** The draft as the edit screen reads it beside the live record. */
export interface DraftView {
  values: Values;
  version: number;
  saved_at: string;
  user_email: string;
  publish_at: string | null;
  /** The fields whose draft value differs from the live one (`translations` when another language changed). */
  changed: string[];
}

export interface DraftState {
  draft: DraftView | null;
  review_state: ReviewState;
  review_comment: ReviewComment | null;
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of a draft that differ from the live record as the admin reads it. */
export function changedFields(values: Values, live: Record<string, unknown>): string[] {
  return Object.keys(values).filter((name) => {
    if (name === 'translations') return true;
    return !sameValue(values[name], live[name]);
  });
}

export async function draftStateOf(db: Db, resource: ResourceDescriptor, live: Record<string, unknown> & { id: number }): Promise<DraftState> {
  const draft = await draftOf(db, resource.name, live.id);
  if (!draft) return { draft: null, review_state: 'none', review_comment: null };
  const values = draftValuesOf(draft);
  return {
    draft: {
      values,
      version: draft.version,
      saved_at: draft.saved_at,
      user_email: draft.saved_by_email,
      publish_at: draft.publish_at,
      changed: changedFields(values, live),
    },
    review_state: draft.review_state,
    review_comment: await latestComment(db, resource.name, live.id),
  };
}

/** The 409 of a draft saved meanwhile by someone else, naming them. */
const staleDraft = (draft: RecordDraftRow) => staleVersion({ by: draft.saved_by_email, at: draft.saved_at });

/**
 * Saves the changes as the record's draft; the live record, and so everything visitors read, stays as it is. A change
 * of a draft sent for review or scheduled ends its review and its schedule (see `writeDraft`). `If-Match`
 * names the draft's version (the live one while there is no draft), so two editors' drafts conflict like their saves.
 * Nothing public is told: no cached page ends, no index changes. The values are kept as a save would store them
 * (rich HTML sanitised, typography where declared), so that its preview shows what publishing will. Answers the live
 * row.
 */
export async function saveDraft(
  request: FastifyRequest,
  resource: ResourceDescriptor,
  id: number,
  values: Values,
  expected: number[] | null = expectedVersions(request),
): Promise<Row> {
  const locales = translationLocalesOf(resource, request.server.config.siteLocales);
  const prepared = await preparedValues(request, resource, values, locales, await loadOr404(request.server.db, resource, id));
  return request.server.db.transaction().execute(async (trx) => {
    const live = await lockedForWrite(trx, request, resource, id, null);
    const draft = await lockedDraft(trx, resource.name, id);
    if (draft ? isStale(expected, draft.version) && request.headers[OVERWRITE_HEADER] !== 'overwrite' : isStale(expected, live.version)) {
      throw draft ? staleDraft(draft) : staleVersion(await lastWriteOf(trx, resource.name, id));
    }
    const ended = await writeDraft(trx, request, resource, live, draft, prepared);
    await recordAudit(request, { action: 'save-draft', resource: resource.name, recordId: id }, trx);
    if (draft && ended) {
      // The MANAGERs are told that what they were sent or had approved is gone: the audit log and a letter say so.
      const step = await addReviewEvent(trx, request, { resource: resource.name, recordId: id, action: 'withdraw', authorId: draft.saved_by });
      await enqueueLetter(trx, REVIEW_LETTER, step);
      await recordAudit(request, { action: 'withdraw-review', resource: resource.name, recordId: id }, trx);
    }
    return live;
  });
}

/** A draft names library assets for its files: what is uploaded is stored at once, so it never waits in a draft. */
export function refuseDraftUploads(request: FastifyRequest): void {
  if (request.uploads?.length) throw new HttpError(400, REVIEW_MESSAGES.filesInDraft);
}

/**
 * The draft a step is about, 404 without one, 409 when the request names another version of it (saying so in its own
 * words, so that the admin tells it from a live version changed meanwhile).
 */
async function draftFor(trx: Db, request: FastifyRequest, resource: ResourceDescriptor, id: number): Promise<RecordDraftRow> {
  await loadOr404(trx, resource, id);
  const draft = await lockedDraft(trx, resource.name, id);
  if (!draft) throw new HttpError(404, REVIEW_MESSAGES.noDraft);
  if (isStale(expectedVersions(request), draft.version)) {
    throw new HttpError(409, REVIEW_MESSAGES.draftChanged, undefined, { saved: { by: draft.saved_by_email, at: draft.saved_at } });
  }
  return draft;
}

export async function discardDraft(request: FastifyRequest, resource: ResourceDescriptor, id: number): Promise<void> {
  await request.server.db.transaction().execute(async (trx) => {
    await draftFor(trx, request, resource, id);
    await deleteDraft(trx, resource.name, id);
    await recordAudit(request, { action: 'discard-draft', resource: resource.name, recordId: id }, trx);
  });
}

/** Sends the draft for review: it waits for a MANAGER, who is written to through the outbox. */
export async function submitDraft(request: FastifyRequest, resource: ResourceDescriptor, id: number): Promise<void> {
  await request.server.db.transaction().execute(async (trx) => {
    const draft = await draftFor(trx, request, resource, id);
    if (draft.review_state === 'in_review') throw new HttpError(409, REVIEW_MESSAGES.alreadyInReview);
    await setReviewState(trx, draft, 'in_review');
    const step = await addReviewEvent(trx, request, { resource: resource.name, recordId: id, action: 'submit', authorId: draft.saved_by });
    await enqueueLetter(trx, REVIEW_LETTER, step);
    await recordAudit(request, { action: 'submit', resource: resource.name, recordId: id }, trx);
  });
}

/** A MANAGER returns the draft to its author with a comment, which the form and the dashboard show and a letter carries. */
export async function requestChanges(request: FastifyRequest, resource: ResourceDescriptor, id: number, comment: string): Promise<void> {
  if (!approves(request.user, resource.name)) throw new HttpError(403, REVIEW_MESSAGES.returnByManager);
  await request.server.db.transaction().execute(async (trx) => {
    const draft = await draftFor(trx, request, resource, id);
    if (draft.review_state !== 'in_review') throw new HttpError(409, REVIEW_MESSAGES.notInReview);
    await setReviewState(trx, draft, 'changes_requested');
    const step = await addReviewEvent(trx, request, { resource: resource.name, recordId: id, action: 'request-changes', comment, authorId: draft.saved_by });
    await enqueueLetter(trx, REVIEW_LETTER, step);
    await recordAudit(request, { action: 'request-changes', resource: resource.name, recordId: id }, trx);
  });
}

/**
 * Publishes the draft through the record's ordinary save, or keeps the moment it is to be published at (`publishAt`
 * in the future), when the periodic job publishes it in the chooser's name. A USER may not publish a resource under
 * review. The approver is the save's author in the audit log (`approve` for a reviewed draft) and in the history; the
 * draft's author, when someone else, gets a letter.
 */
export async function publishDraft(
  request: FastifyRequest,
  resource: ResourceDescriptor,
  id: number,
  publishVia: PublishVia,
  publishAt: string | null = null,
): Promise<Row | null> {
  if (await underReview(request, resource)) throw new HttpError(403, REVIEW_MESSAGES.publishByManager);
  const db = request.server.db;
  const draft = await db.transaction().execute((trx) => draftFor(trx, request, resource, id));
  if (publishAt !== null && Date.parse(publishAt) > Date.now()) {
    await db.transaction().execute(async (trx) => {
      await scheduleDraft(trx, draft, publishAt, request.user?.id ?? null);
      await recordAudit(request, { action: 'schedule-draft', resource: resource.name, recordId: id }, trx);
    });
    return null;
  }
  const overwrite = request.headers[OVERWRITE_HEADER] === 'overwrite';
  const action = draft.review_state === 'in_review' ? 'approve' : 'publish-draft';
  return publishVia(request, id, draftValuesOf(draft), {
    action,
    expected: overwrite ? null : [draft.base_version],
    inWrite: async (trx) => {
      // The draft must still be the one read: a save of it meanwhile is published only once someone saw it.
      const still = await lockedDraft(trx, resource.name, id);
      if (!still || still.version !== draft.version) throw new HttpError(409, REVIEW_MESSAGES.draftChanged);
      await deleteDraft(trx, resource.name, id);
      if (draft.saved_by !== null && draft.saved_by !== request.user?.id) {
        const step = await addReviewEvent(trx, request, { resource: resource.name, recordId: id, action: 'publish', authorId: draft.saved_by });
        await enqueueLetter(trx, REVIEW_LETTER, step);
      } else if (draft.review_state !== 'none') {
        await addReviewEvent(trx, request, { resource: resource.name, recordId: id, action: 'publish', authorId: draft.saved_by });
      }
    },
  });
}
