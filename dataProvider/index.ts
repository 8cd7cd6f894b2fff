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
import type { ArticleSummary, MediaGenerals, MediaSource, Page } from '@lib/types.js';
import { createApiClient, createFetchJson, unwrap, type HttpClientOptions } from './apiClient.js';
import { holdsAssetReference, sendsNewFiles, toFormData, toJsonBody, type UnknownRecord } from './bodies.js';
import { assetMethods } from './assets.js';
import { presenceMethods } from './presence.js';
import { ADMIN_API, apiStyleOf, verbResource, type VerbResource } from './resources.js';
import type {
  AdminDataProvider,
  ChangeAction,
  ChangeEvent,
  PreviewParams,
  RevisionParams,
  RevisionsParams,
  SiteSettings,
  TrashRestoreParams,
  VerbParams,
  VerbResult,
} from './types.js';
import { basedOn, updateHeaders } from './versions.js';

export { REQUEST_TIMEOUT_MS } from './httpClient.js';
export { TIMEOUT_ERROR_KEY, NETWORK_ERROR_KEY, isTimeoutMessage, isExpiredTokenMessage } from './apiClient.js';
export * from './resources.js';
export * from './types.js';
export { isAssetReference, toFormData, toJsonBody, type AssetReference } from './bodies.js';
export type { OverwriteMeta } from './versions.js';
export type { PresenceParams } from './presence.js';
export type { Asset, AssetUploadParams, AssetReplaceParams, UploadAnswer } from './assets.js';
export type { AssetUse } from '@lib/resources/index.js';

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

  /**
   * A write of a resource with files goes as multipart while it sends new files; a write whose files are all library
   * assets (or kept as they are) goes as JSON, which names a chosen asset as `{ "asset": id }`.
   */
  const write = async (config: VerbResource, url: string, data: UnknownRecord, meta: unknown, headers: Record<string, string> = {}): Promise<RaRecord> =>
    config.multipart && (sendsNewFiles(config, data) || !holdsAssetReference(config, data))
      ? upload(url, toFormData(config, data), meta, headers)
      : post(url, toJsonBody(config, data), headers);

  const removeOne = async (resource: string, id: Identifier, previousData?: unknown): Promise<RaRecord> => {
    const config = configOf(resource);
    const record = await post(`${config.base}/remove/${encodeURIComponent(String(id))}`, undefined, basedOn(previousData));
    // A source leaves the list only when the server's answer shows it inactive (active 0).
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

  /** What of the server's configuration the screens follow (the pseudo-resource `site-settings`). */
  const siteSettingsRead = {
    async getSiteSettings() {
      const response = await http.get(`${ADMIN_API}/site-settings`);
      return { data: unwrap<SiteSettings>(response.data) };
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

  /** The redirects' import, beside their plain REST. */
  const redirectActions = {
    async importRedirects(resource: string, params: { csv: string }) {
      const response = await http.post(`${ADMIN_API}/${resource}/import`, params);
      return { data: unwrap<{ imported: number }>(response.data) };
    },
  };

  /** The enquiries' CSV (the list's filter) and a MANAGER's erasure of a person's enquiries, beside their update. */
  const enquiryActions = {
    async exportCsv(resource: string, params: { filter: Record<string, unknown> }) {
      const response = await http.get(`${ADMIN_API}/${resource}/export?filter=${encodeURIComponent(JSON.stringify(params.filter))}`);
      return { data: response.body };
    },
    async erasePersonalData(resource: string, params: { email: string; phone: string }) {
      const response = await http.post(`${ADMIN_API}/${resource}/erase`, params);
      return { data: unwrap<{ erased: number }>(response.data) };
    },
  };

  /** History and preview, under `/api/admin/<resource>` whatever the resource's verbs path. */
  const editorial = {
    async getRevisions(resource: string, params: RevisionsParams) {
      const response = await http.get(`${ADMIN_API}/${resource}/${encodeURIComponent(String(params.id))}/revisions?page=${params.page}`);
      return { data: unwrap<Page<RevisionSummary>>(response.data) };
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
    async preview(resource: string, params: PreviewParams) {
      const language = params.locale ? `?locale=${params.locale}` : '';
      const response = await http.post(`${ADMIN_API}/${resource}/preview/${encodeURIComponent(String(params.id))}${language}`);
      return { data: unwrap<PreviewLink>(response.data) };
    },
  };

  const presence = presenceMethods(http);
  const assets = assetMethods(http, changed);

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
    ...siteSettingsRead,
    ...trashActions,
    ...redirectActions,
    ...enquiryActions,
    ...editorial,
    ...presence,
    ...assets,
  };

  const plainWithEvents: DataProvider = {
    ...reads,
    ...presence,
    ...assets,
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
    ...redirectActions,
    ...enquiryActions,
  };

  const refuse = async (resource: string): Promise<never> => {
    throw new HttpError(`Ресурс «${resource}» только для чтения.`, 405, { message: 'read only' });
  };
  const readOnly: DataProvider = {
    ...reads,
    ...publicReads,
    ...siteSettingsRead,
    ...trashActions,
    create: refuse,
    update: refuse,
    delete: refuse,
    deleteMany: refuse,
  };

  const byStyle: Record<ApiStyle, DataProvider> = {
    verbs: verbProvider,
    rest: plainWithEvents,
    custom: plainWithEvents,
    update: plainWithEvents,
    'read-only': readOnly,
  };
  return combineDataProviders((resource) => byStyle[apiStyleOf(resource)]) as AdminDataProvider;
}
