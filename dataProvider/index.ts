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
import { createApiClient, createFetchJson, unwrap, type HttpClientOptions } from './apiClient.js';
import type { UnknownRecord } from './bodies.js';
import { assetMethods } from './assets.js';
import { editorialMethods, enquiryMethods, publicReadMethods, redirectMethods, siteSettingsMethods, trashMethods } from './extras.js';
import { presenceMethods } from './presence.js';
import { ADMIN_API, apiStyleOf, restRemovableImages, restUploads, verbResource, type VerbResource } from './resources.js';
import { draftMethods, isDraftMeta, reviewMethods } from './drafts.js';
import { roleMethods } from './roles.js';
import { createSender } from './sending.js';
import type { AdminDataProvider, ChangeAction, ChangeEvent, VerbParams, VerbResult } from './types.js';
import { basedOn, updateHeaders } from './versions.js';

export { REQUEST_TIMEOUT_MS } from './httpClient.js';
export { TIMEOUT_ERROR_KEY, NETWORK_ERROR_KEY, isTimeoutMessage, isExpiredTokenMessage } from './apiClient.js';
export * from './resources.js';
export * from './types.js';
export { isAssetReference, toFormData, toJsonBody, type AssetReference } from './bodies.js';
export type { OverwriteMeta } from './versions.js';
export type { PresenceParams } from './presence.js';
export { draftOf, isDraftMeta } from './drafts.js';
export type * from './drafts.js';
export type { Asset, AssetUploadParams, AssetReplaceParams, UploadAnswer } from './assets.js';
export type { UploadProgressMeta } from './sending.js';
export type { AssetUse } from '@lib/resources/index.js';

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
 * collections) through the same reads provider, and their `removeImage` through their `PUT`. Each resource's
 * descriptor says which of these it is.
 */
export function createAdminDataProvider(options: AdminDataProviderOptions): AdminDataProvider {
  const http = createApiClient(options);
  const fetchJson = createFetchJson(http);
  const reads = simpleRestProvider(ADMIN_API, fetchJson);
  const sender = createSender(http);
  const changed = (resource: string, action: ChangeAction, records: RaRecord[]) => {
    options.onChange?.({ resource, action, records });
  };

  const configOf = (resource: string): VerbResource => {
    const config = verbResource(resource);
    if (!config) throw new HttpError(`Ресурс «${resource}» только для чтения.`, 405, { message: 'read only' });
    return config;
  };

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

  const { post } = sender;
  const publicReads = publicReadMethods(http);
  const siteSettingsRead = siteSettingsMethods(http);
  const trashActions = trashMethods(http, sender, changed);
  const redirectActions = redirectMethods(http);
  const enquiryActions = enquiryMethods(http);
  const editorial = editorialMethods(http, sender, changed);
  const presence = presenceMethods(http);
  const assets = assetMethods(http, changed);
  const drafts = draftMethods(http, sender, changed);
  const review = reviewMethods(http);

  const verbProvider: AdminDataProvider = {
    ...reads,
    async create<RecordType extends Omit<RaRecord, 'id'> = RaRecord, ResultRecordType extends RaRecord = RecordType & { id: Identifier }>(
      resource: string,
      params: CreateParams,
    ): Promise<CreateResult<ResultRecordType>> {
      const config = configOf(resource);
      const data = await sender.write(config, 'POST', `${config.base}/add`, params.data as UnknownRecord, params.meta);
      changed(resource, 'create', [data]);
      return { data: data as ResultRecordType };
    },
    async update<RecordType extends RaRecord = RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<RecordType>> {
      // «Сохранить черновик»: the same save, kept beside the live version.
      if (isDraftMeta(params.meta)) return { data: (await drafts.saveDraft(resource, params)) as RecordType };
      const config = configOf(resource);
      const url = config.updateWithoutId ? `${config.base}/update` : `${config.base}/update/${encodeURIComponent(String(params.id))}`;
      const record = { ...(params.previousData as UnknownRecord), ...(params.data as UnknownRecord) };
      const data = await sender.write(config, 'POST', url, record, params.meta, updateHeaders(params.previousData, params.meta));
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
    ...drafts,
    ...review,
  };

  const plainWithEvents: DataProvider = {
    ...reads,
    ...presence,
    ...assets,
    ...editorial,
    ...drafts,
    async create(resource, params) {
      // A resource with upload fields sends its new files as multipart, like the verbs; the others go as they are.
      const uploads = restUploads(resource);
      const result = uploads
        ? { data: await sender.write(uploads, 'POST', `${ADMIN_API}/${resource}`, params.data as UnknownRecord, params.meta) }
        : await reads.create(resource, params);
      changed(resource, 'create', [result.data]);
      return result;
    },
    async update<RecordType extends RaRecord = RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<RecordType>> {
      if (isDraftMeta(params.meta)) return { data: (await drafts.saveDraft(resource, params)) as RecordType };
      const uploads = restUploads(resource);
      const headers = updateHeaders(params.previousData, params.meta);
      const data = uploads
        ? ((await sender.write(
            uploads,
            'PUT',
            recordUrl(resource, params.id),
            { ...(params.previousData as UnknownRecord), ...(params.data as UnknownRecord) },
            params.meta,
            headers,
          )) as RecordType)
        : unwrap<RecordType>((await http.put(recordUrl(resource, params.id), params.data, { headers })).data);
      changed(resource, 'update', [data]);
      return { data };
    },
    // A plain REST resource removes its picture by its update sending it as null.
    async removeImage(resource: string, params: VerbParams): Promise<VerbResult> {
      const images = restRemovableImages(resource);
      if (images.length === 0) throw new HttpError(`Действие недоступно для «${resource}».`, 405, { message: 'unsupported' });
      const data = unwrap<RaRecord>((await http.put(recordUrl(resource, params.id), Object.fromEntries(images.map((name) => [name, null])))).data);
      changed(resource, 'removeImage', [data]);
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
    ...review,
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
  const roles = roleMethods(http, changed);
  return combineDataProviders((resource) => (resource === 'roles' ? roles : byStyle[apiStyleOf(resource)])) as AdminDataProvider;
}
