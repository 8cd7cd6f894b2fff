import simpleRestProvider from 'ra-data-simple-rest';
import {
  combineDataProviders,
  HttpError,
  type CreateParams,
  type CreateResult,
  type DataProvider,
  type DeleteResult,
  type UpdateResult,
  type DeleteManyParams,
  type DeleteParams,
  type Identifier,
  type RaRecord,
  type UpdateParams,
} from 'react-admin';
import type { ApiStyle } from '@lib/resources/index.js';
import type { PreviewLink, Revision, RevisionSummary } from '@lib/revisions.js';
import type { ArticleSummary, MediaGenerals, MediaSource } from '@lib/types.js';
import { createApiClient, createFetchJson, unwrap, type HttpClientOptions } from './apiClient.js';
import { presenceMethods, type PresenceMethods } from './presence.js';
import { ADMIN_API, apiStyleOf, verbResource, type VerbResource } from './resources.js';

export { REQUEST_TIMEOUT_MS } from './httpClient.js';
export { TIMEOUT_ERROR_KEY, NETWORK_ERROR_KEY, isTimeoutMessage, isExpiredTokenMessage } from './apiClient.js';
export * from './resources.js';
export type { PresenceParams } from './presence.js';

/** Parameters of the custom verbs: the record's id. */
export interface VerbParams {
  id: Identifier;
}

export interface VerbResult {
  data: RaRecord;
}

/** Parameters naming one version of a record. */
export interface RevisionParams {
  id: Identifier;
  revisionId: Identifier;
}

/** What a write did, for the admin's refetches (spec §4). */
export type ChangeAction = 'create' | 'update' | 'delete' | 'restore' | 'fix' | 'unfix' | 'moveUp' | 'moveDown' | 'removeImage' | 'restoreRevision';

export interface ChangeEvent {
  resource: string;
  action: ChangeAction;
  /** The records the server answered with. */
  records: RaRecord[];
}

export interface AdminDataProvider extends DataProvider, PresenceMethods {
  fix(resource: string, params: VerbParams): Promise<VerbResult>;
  unfix(resource: string, params: VerbParams): Promise<VerbResult>;
  moveUp(resource: string, params: VerbParams): Promise<VerbResult>;
  moveDown(resource: string, params: VerbParams): Promise<VerbResult>;
  removeImage(resource: string, params: VerbParams): Promise<VerbResult>;
  /** The media section's generals (the newest own article, press item and video), `GET /api/media/generals`. */
  getGenerals(resource: string, params: Record<string, never>): Promise<{ data: MediaGenerals }>;
  /** The most-read own articles, `GET /api/media/many-reads`. */
  getReads(resource: string, params: Record<string, never>): Promise<{ data: ArticleSummary[] }>;
  /** The active press sources, `GET /api/media/sources` (readable by every role). */
  getSources(resource: string, params: Record<string, never>): Promise<{ data: MediaSource[] }>;
  /** Puts a removed record back from the trash under its id, `POST /api/admin/trash/restore/{resource}/{id}`. */
  restoreFromTrash(resource: string, params: TrashRestoreParams): Promise<VerbResult>;
  /** Purges every entry of the trash with its files (MANAGER), `POST /api/admin/trash/empty`. */
  emptyTrash(resource: string, params: Record<string, never>): Promise<{ data: { purged: number } }>;
  /** A record's history, newest first (resources that declare `revisions`). */
  getRevisions(resource: string, params: VerbParams): Promise<{ data: RevisionSummary[] }>;
  /** One version with its values, for the diff. */
  getRevision(resource: string, params: RevisionParams): Promise<{ data: Revision }>;
  /** Restores a version as a new save; answers the record. */
  restoreRevision(resource: string, params: RevisionParams): Promise<VerbResult>;
  /** A signed link to the record's public page, drafts included (resources that declare `preview`). */
  preview(resource: string, params: VerbParams): Promise<{ data: PreviewLink }>;
}

/** Which removed record to restore: its resource and its own id. */
export interface TrashRestoreParams {
  resource: string;
  recordId: Identifier;
}

/**
 * What a form may pass as the `meta` of a create or update: a callback told the upload's percent while a multipart
 * write goes up (large files such as investor documents), and null once the request has ended.
 */
export type UploadProgressMeta = {
  onUploadProgress?: (percent: number | null) => void;
};

function progressOf(meta: unknown): UploadProgressMeta['onUploadProgress'] {
  if (typeof meta !== 'object' || meta === null || !('onUploadProgress' in meta)) return undefined;
  const callback = (meta as UploadProgressMeta).onUploadProgress;
  return typeof callback === 'function' ? callback : undefined;
}

export interface AdminDataProviderOptions extends HttpClientOptions {
  /** Called after every successful write, with the server's answer. */
  onChange?: (event: ChangeEvent) => void;
}

/** The message (an i18n key) of a source removal the server did not confirm with `active` 0. */
export const SOURCE_NOT_DEACTIVATED_KEY = 'app.error.source_not_deactivated';

type UnknownRecord = Record<string, unknown>;

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

/** The `rawFile` of a react-admin file input's value, if it holds a new file. */
function rawFileOf(value: unknown): Blob | null {
  if (isBlob(value)) return value;
  if (typeof value === 'object' && value !== null && 'rawFile' in value) {
    const raw = (value as { rawFile: unknown }).rawFile;
    if (isBlob(raw)) return raw;
  }
  return null;
}

function fileName(blob: Blob, fallback: string): string {
  return typeof File !== 'undefined' && blob instanceof File && blob.name ? blob.name : fallback;
}

function scalar(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** The JSON body of a write: the accepted fields only, flags as 0 or 1. */
export function toJsonBody(config: VerbResource, data: UnknownRecord): UnknownRecord {
  const body: UnknownRecord = {};
  for (const field of config.fields) {
    if (field in data && data[field] !== undefined) body[field] = scalar(data[field]);
  }
  return body;
}

/**
 * The multipart form of a write: the accepted fields as text (flags as `0`/`1`, null as empty) and the new files
 * (`rawFile` of react-admin's file inputs) as file parts. Files already on the server are not sent again.
 */
export function toFormData(config: VerbResource, data: UnknownRecord): FormData {
  const form = new FormData();
  for (const field of config.fields) {
    if (!(field in data) || data[field] === undefined) continue;
    const value = scalar(data[field]);
    form.append(field, value === null ? '' : String(value));
  }
  for (const file of config.files ?? []) {
    const value = data[file.name];
    const entries = Array.isArray(value) ? value : [value];
    for (const entry of file.multiple ? entries : entries.slice(0, 1)) {
      const raw = rawFileOf(entry);
      if (raw) form.append(file.name, raw, fileName(raw, file.name));
    }
  }
  return form;
}

/**
 * The `If-Match` of a write based on a record as it was read: its version, so that the server refuses (409) the
 * write when someone saved the record since, instead of silently overwriting their changes.
 */
function basedOn(record: unknown): Record<string, string> {
  const version = typeof record === 'object' && record !== null ? (record as { version?: unknown }).version : undefined;
  return typeof version === 'number' ? { 'If-Match': `"${version}"` } : {};
}

/** The `meta` of an update with which the editor deliberately replaces another editor's newer version («Оставить мою»). */
export interface OverwriteMeta {
  overwrite: true;
}

/** The headers of an update: its version, and whether it is a deliberate overwrite (audited as such). */
function updateHeaders(previousData: unknown, meta: unknown): Record<string, string> {
  const overwrite = typeof meta === 'object' && meta !== null && (meta as Partial<OverwriteMeta>).overwrite === true;
  return { ...basedOn(previousData), ...(overwrite ? { 'X-Conflict-Resolution': 'overwrite' } : {}) };
}

const recordUrl = (resource: string, id: Identifier) => `${ADMIN_API}/${resource}/${encodeURIComponent(String(id))}`;

/**
 * The admin's dataProvider: reads through ra-data-simple-rest over `GET /api/admin/<resource>`; create, update and
 * delete of content resources mapped onto the spec's POST verbs (multipart where a resource has files); the custom
 * verbs `fix`, `unfix`, `moveUp`, `moveDown`, `removeImage`; plain REST resources (users, menus, network
 * collections) through the same reads provider. Each resource's descriptor says which of these it is.
 */
export function createAdminDataProvider(options: AdminDataProviderOptions): AdminDataProvider {
  const http = createApiClient(options);
  const fetchJson = createFetchJson(http);
  const reads = simpleRestProvider(ADMIN_API, fetchJson);
  const changed = (resource: string, action: ChangeAction, records: RaRecord[]) => {
    options.onChange?.({ resource, action, records });
  };

  const configOf = (resource: string): VerbResource => {
    const config = verbResource(resource);
    if (!config) throw new HttpError(`Ресурс «${resource}» только для чтения.`, 405, { message: 'read only' });
    return config;
  };

  const post = async (url: string, body?: unknown, headers: Record<string, string> = {}): Promise<RaRecord> => {
    // A verb without a payload goes without a body and without a Content-Type.
    const response = await http.post(url, body, { headers });
    return unwrap<RaRecord>(response.data);
  };

  /** A multipart write, reporting the upload's percent to the form that asked for it. */
  const upload = async (url: string, form: FormData, meta: unknown, headers: Record<string, string>): Promise<RaRecord> => {
    const report = progressOf(meta);
    if (!report) return post(url, form, headers);
    report(0);
    try {
      const response = await http.post(url, form, {
        headers,
        onUploadProgress: ({ loaded, total }) => {
          if (total) report(Math.min(100, Math.round((loaded * 100) / total)));
        },
      });
      return unwrap<RaRecord>(response.data);
    } finally {
      report(null);
    }
  };

  const write = async (config: VerbResource, url: string, data: UnknownRecord, meta: unknown, headers: Record<string, string> = {}): Promise<RaRecord> =>
    config.multipart ? upload(url, toFormData(config, data), meta, headers) : post(url, toJsonBody(config, data), headers);

  const removeOne = async (resource: string, id: Identifier, previousData?: unknown): Promise<RaRecord> => {
    const config = configOf(resource);
    const record = await post(`${config.base}/remove/${encodeURIComponent(String(id))}`, undefined, basedOn(previousData));
    // Spec §4: a source leaves the list only when the answer shows it inactive.
    if (resource === 'media-source' && Number(record.active) !== 0) {
      throw new HttpError(SOURCE_NOT_DEACTIVATED_KEY, 409, { message: SOURCE_NOT_DEACTIVATED_KEY });
    }
    return record;
  };

  const verb =
    (action: ChangeAction, pathOf: (config: VerbResource) => string | undefined) =>
    async (resource: string, params: VerbParams): Promise<VerbResult> => {
      const config = configOf(resource);
      const path = pathOf(config);
      if (!path) throw new HttpError(`Действие недоступно для «${resource}».`, 405, { message: 'unsupported' });
      const data = await post(`${config.base}/${path}/${encodeURIComponent(String(params.id))}`);
      changed(resource, action, [data]);
      return { data };
    };

  /** The public media reads the dashboard and the source picker use (the pseudo-resource `media`). */
  const publicReads = {
    async getGenerals() {
      const response = await http.get('/api/media/generals');
      return { data: unwrap<MediaGenerals>(response.data) };
    },
    async getReads() {
      const response = await http.get('/api/media/many-reads');
      return { data: unwrap<ArticleSummary[]>(response.data) };
    },
    async getSources() {
      const response = await http.get('/api/media/sources');
      return { data: unwrap<MediaSource[]>(response.data) };
    },
  };

  /** The trash (the pseudo-resource `trash`): its list goes through the reads, these are its two actions. */
  const trashActions = {
    async restoreFromTrash(_resource: string, params: TrashRestoreParams): Promise<VerbResult> {
      const data = await post(`${ADMIN_API}/trash/restore/${encodeURIComponent(params.resource)}/${encodeURIComponent(String(params.recordId))}`);
      changed(params.resource, 'restore', [data]);
      return { data };
    },
    async emptyTrash() {
      const response = await http.post(`${ADMIN_API}/trash/empty`);
      return { data: unwrap<{ purged: number }>(response.data) };
    },
  };

  /** History and preview, under `/api/admin/<resource>` whatever the resource's verbs path. */
  const editorial = {
    async getRevisions(resource: string, params: VerbParams) {
      const response = await http.get(`${ADMIN_API}/${resource}/${encodeURIComponent(String(params.id))}/revisions`);
      return { data: unwrap<RevisionSummary[]>(response.data) };
    },
    async getRevision(resource: string, params: RevisionParams) {
      const path = `${encodeURIComponent(String(params.id))}/revisions/${encodeURIComponent(String(params.revisionId))}`;
      const response = await http.get(`${ADMIN_API}/${resource}/${path}`);
      return { data: unwrap<Revision>(response.data) };
    },
    async restoreRevision(resource: string, params: RevisionParams) {
      const data = await post(
        `${ADMIN_API}/${resource}/restore-revision/${encodeURIComponent(String(params.id))}/${encodeURIComponent(String(params.revisionId))}`,
      );
      changed(resource, 'restoreRevision', [data]);
      return { data };
    },
    async preview(resource: string, params: VerbParams) {
      const response = await http.post(`${ADMIN_API}/${resource}/preview/${encodeURIComponent(String(params.id))}`);
      return { data: unwrap<PreviewLink>(response.data) };
    },
  };

  const presence = presenceMethods(http);

  const verbProvider: AdminDataProvider = {
    ...reads,
    async create<RecordType extends Omit<RaRecord, 'id'> = RaRecord, ResultRecordType extends RaRecord = RecordType & { id: Identifier }>(
      resource: string,
      params: CreateParams,
    ): Promise<CreateResult<ResultRecordType>> {
      const config = configOf(resource);
      const data = await write(config, `${config.base}/add`, params.data as UnknownRecord, params.meta);
      changed(resource, 'create', [data]);
      return { data: data as ResultRecordType };
    },
    async update<RecordType extends RaRecord = RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<RecordType>> {
      const config = configOf(resource);
      const url = config.updateWithoutId ? `${config.base}/update` : `${config.base}/update/${encodeURIComponent(String(params.id))}`;
      const record = { ...(params.previousData as UnknownRecord), ...(params.data as UnknownRecord) };
      const data = await write(config, url, record, params.meta, updateHeaders(params.previousData, params.meta));
      changed(resource, 'update', [data]);
      return { data: data as RecordType };
    },
    async updateMany() {
      throw new HttpError('Массовое изменение не поддерживается.', 405, { message: 'unsupported' });
    },
    async delete<RecordType extends RaRecord = RaRecord>(resource: string, params: DeleteParams<RecordType>): Promise<DeleteResult<RecordType>> {
      const data = await removeOne(resource, params.id, params.previousData);
      changed(resource, 'delete', [data]);
      return { data: data as RecordType };
    },
    async deleteMany(resource: string, params: DeleteManyParams) {
      // One at a time: a failure stops the rest, and what was removed is reported before the error.
      const removed: RaRecord[] = [];
      try {
        for (const id of params.ids) removed.push(await removeOne(resource, id));
      } finally {
        if (removed.length > 0) changed(resource, 'delete', removed);
      }
      return { data: removed.map((record) => record.id) };
    },
    fix: verb('fix', (config) => (config.fixable ? 'fix' : undefined)),
    unfix: verb('unfix', (config) => (config.fixable ? 'unfix' : undefined)),
    moveUp: verb('moveUp', (config) => config.moveUp),
    moveDown: verb('moveDown', (config) => config.moveDown),
    removeImage: verb('removeImage', (config) => (config.removableImage ? 'remove-img' : undefined)),
    ...publicReads,
    ...trashActions,
    ...editorial,
    ...presence,
  };

  const plainWithEvents: DataProvider = {
    ...reads,
    ...presence,
    async create(resource, params) {
      const result = await reads.create(resource, params);
      changed(resource, 'create', [result.data]);
      return result;
    },
    async update<RecordType extends RaRecord = RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<RecordType>> {
      const response = await http.put(recordUrl(resource, params.id), params.data, { headers: updateHeaders(params.previousData, params.meta) });
      const data = unwrap<RecordType>(response.data);
      changed(resource, 'update', [data]);
      return { data };
    },
    async delete<RecordType extends RaRecord = RaRecord>(resource: string, params: DeleteParams<RecordType>): Promise<DeleteResult<RecordType>> {
      const response = await http.request({ method: 'DELETE', url: recordUrl(resource, params.id), headers: basedOn(params.previousData) });
      const data = unwrap<RecordType>(response.data);
      changed(resource, 'delete', [data]);
      return { data };
    },
  };

  const refuse = async (resource: string): Promise<never> => {
    throw new HttpError(`Ресурс «${resource}» только для чтения.`, 405, { message: 'read only' });
  };
  const readOnly: DataProvider = { ...reads, ...publicReads, ...trashActions, create: refuse, update: refuse, delete: refuse, deleteMany: refuse };

  const byStyle: Record<ApiStyle, DataProvider> = { verbs: verbProvider, rest: plainWithEvents, custom: plainWithEvents, 'read-only': readOnly };
  return combineDataProviders((resource) => byStyle[apiStyleOf(resource)]) as AdminDataProvider;
}
