import type { Identifier, RaRecord, UpdateParams } from 'react-admin';
import type { ReviewComment, ReviewQueue, ReviewState } from '@lib/review.js';
import { unwrap } from './apiClient.js';
import { toJsonBody, type UnknownRecord } from './bodies.js';
import type { HttpClient } from './httpClient.js';
import { ADMIN_API, restUploads, verbResource } from './resources.js';
import type { Sender } from './sending.js';
import type { ChangeAction } from './types.js';
import { updateHeaders, type OverwriteMeta } from './versions.js';

/** The changes kept beside a live record until they are published (`draft` of an admin read). */
export interface RecordDraft {
  /** The values as an update would send them. */
  values: UnknownRecord;
  /** The draft's own version, which continues the live record's. */
  version: number;
  saved_at: string;
  user_email: string;
  /** The moment the draft is scheduled to go live, or null. */
  publish_at: string | null;
  /** The fields whose draft value differs from the live record. */
  changed: string[];
}

/** What an admin read of a resource that keeps drafts adds to the record. */
export interface DraftInfo {
  draft?: RecordDraft | null;
  review_state?: ReviewState;
  review_comment?: ReviewComment | null;
  /** Whether the signed-in user's changes of the record wait for a MANAGER's review. */
  review_required?: boolean;
}

/** The `meta` of an update that saves the form as the record's draft instead of changing the live version. */
export type DraftMeta = { draft: true };

export const isDraftMeta = (meta: unknown): meta is DraftMeta => typeof meta === 'object' && meta !== null && (meta as Partial<DraftMeta>).draft === true;

/** The draft of a record as read, if it has one. */
export const draftOf = (record: unknown): RecordDraft | null => (typeof record === 'object' && record !== null ? ((record as DraftInfo).draft ?? null) : null);

/**
 * The version a draft action is based on: the draft's own while there is one, else the live record's (a first draft
 * begins from the live version). A stale one is refused (409) like a stale update.
 */
export const draftBase = (record: unknown): { version?: number } => {
  const draft = draftOf(record);
  if (draft) return { version: draft.version };
  const version = typeof record === 'object' && record !== null ? (record as { version?: unknown }).version : undefined;
  return typeof version === 'number' ? { version } : {};
};

export interface DraftActionParams {
  id: Identifier;
  /** The record as read (its draft's version goes in `If-Match`). */
  previousData: RaRecord;
}

export interface PublishDraftParams extends DraftActionParams {
  /** A moment to come (ISO) to publish at; now when absent. */
  publishAt?: string;
  /** Publish over a live version changed since the draft was begun (the editor was told and chose to). */
  overwrite?: boolean;
}

export interface RequestChangesParams extends DraftActionParams {
  comment: string;
}

type Changed = (resource: string, action: ChangeAction, records: RaRecord[]) => void;

const draftUrl = (resource: string, action: string, id: Identifier) => `${ADMIN_API}/${resource}/${action}/${encodeURIComponent(String(id))}`;

const DRAFT_INFO_KEYS = new Set(['draft', 'review_state', 'review_comment', 'review_required']);

/** The JSON body of a draft: the fields an update of the resource accepts (drafts take no uploads, only library assets). */
function draftBody(resource: string, data: UnknownRecord): UnknownRecord {
  const fields = verbResource(resource) ?? restUploads(resource);
  if (fields) return toJsonBody(fields, data);
  // A plain REST resource sends its record as it is, without what the read adds about the draft itself.
  return Object.fromEntries(Object.entries(data).filter(([key]) => !DRAFT_INFO_KEYS.has(key)));
}

/**
 * Drafts and their review, under `/api/admin/<resource>` for every style of resource alike: saving the form as the
 * draft (through `update` with the draft meta, so that a stale draft opens the same conflict view as a stale update),
 * publishing it now or at a chosen moment, dropping it, sending it for review, returning it with a comment.
 */
export const draftMethods = (http: HttpClient, sender: Sender, changed: Changed) => ({
  async saveDraft(resource: string, params: UpdateParams): Promise<RaRecord> {
    const record = { ...(params.previousData as UnknownRecord), ...(params.data as UnknownRecord) };
    const data = await sender.post(
      draftUrl(resource, 'draft', params.id),
      draftBody(resource, record),
      updateHeaders(draftBase(params.previousData), params.meta),
    );
    changed(resource, 'update', [data]);
    return data;
  },
  async publishDraft(resource: string, params: PublishDraftParams) {
    const body = params.publishAt ? { publish_at: params.publishAt } : {};
    const meta: Partial<OverwriteMeta> = params.overwrite ? { overwrite: true } : {};
    const data = await sender.post(draftUrl(resource, 'publish-draft', params.id), body, updateHeaders(draftBase(params.previousData), meta));
    changed(resource, 'update', [data]);
    return { data };
  },
  async discardDraft(resource: string, params: DraftActionParams) {
    const data = await sender.post(draftUrl(resource, 'discard-draft', params.id), {}, updateHeaders(draftBase(params.previousData), undefined));
    changed(resource, 'update', [data]);
    return { data };
  },
  async submitDraft(resource: string, params: DraftActionParams) {
    const data = await sender.post(draftUrl(resource, 'submit', params.id), {}, updateHeaders(draftBase(params.previousData), undefined));
    changed(resource, 'update', [data]);
    return { data };
  },
  async requestChanges(resource: string, params: RequestChangesParams) {
    const headers = updateHeaders(draftBase(params.previousData), undefined);
    const data = await sender.post(draftUrl(resource, 'request-changes', params.id), { comment: params.comment }, headers);
    changed(resource, 'update', [data]);
    return { data };
  },
});

/**
 * The bodies of the MANAGER's settings: which resources need review, drafts first for live records, and the version
 * for the visually impaired on the public pages.
 */
interface SettingBodies {
  review: { resources: string[] };
  site: { low_vision: boolean };
  'drafts-first': { drafts_first: boolean };
}

/** Which resources need review and drafts first (MANAGER) and the dashboard's queue, under the pseudo-resource `review`. */
export const reviewMethods = (http: HttpClient) => ({
  async getReviewSettings() {
    const response = await http.get(`${ADMIN_API}/settings/review`);
    return { data: unwrap<{ resources: string[] }>(response.data) };
  },
  /**
   * Saves one of the MANAGER's settings, `PUT /api/admin/settings/{review|drafts-first|site}`, and answers it as saved. The
   * first argument is the screen's resource, which the role guard checks as every method's.
   */
  async putSetting<Setting extends keyof SettingBodies>(_resource: 'review', name: Setting, body: SettingBodies[Setting]) {
    const response = await http.put(`${ADMIN_API}/settings/${name}`, body);
    return { data: unwrap<SettingBodies[Setting]>(response.data) };
  },
  async getReviewQueue() {
    const response = await http.get(`${ADMIN_API}/review-queue`);
    return { data: unwrap<ReviewQueue>(response.data) };
  },
});

export type DraftMethods = ReturnType<typeof draftMethods> & ReturnType<typeof reviewMethods>;
