import type { RaRecord } from 'react-admin';
import type { PreviewLink, Revision, RevisionSummary } from '@lib/revisions.js';
import type { ArticleSummary, MediaGenerals, MediaSource, Page } from '@lib/types.js';
import { unwrap } from './apiClient.js';
import type { HttpClient } from './httpClient.js';
import { ADMIN_API } from './resources.js';
import type { Sender } from './sending.js';
import type { ChangeAction, PreviewParams, RevisionParams, RevisionsParams, SiteSettings, TrashRestoreParams, TypesetParams, VerbResult } from './types.js';

/** The dataProvider's methods beside CRUD: reads for the screens, the trash, imports and exports, history and preview. */

type Changed = (resource: string, action: ChangeAction, records: RaRecord[]) => void;

/** The public media reads the dashboard and the source picker use (the pseudo-resource `media`). */
export const publicReadMethods = (http: HttpClient) => ({
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
});

/** What of the server's configuration the screens follow (the pseudo-resource `site-settings`). */
export const siteSettingsMethods = (http: HttpClient) => ({
  async getSiteSettings() {
    const response = await http.get(`${ADMIN_API}/site-settings`);
    return { data: unwrap<SiteSettings>(response.data) };
  },
});

/** The trash (the pseudo-resource `trash`): its list goes through the reads, these are its two actions. */
export const trashMethods = (http: HttpClient, sender: Sender, changed: Changed) => ({
  async restoreFromTrash(_resource: string, params: TrashRestoreParams): Promise<VerbResult> {
    const data = await sender.post(`${ADMIN_API}/trash/restore/${encodeURIComponent(params.resource)}/${encodeURIComponent(String(params.recordId))}`);
    changed(params.resource, 'restore', [data]);
    return { data };
  },
  async emptyTrash() {
    const response = await http.post(`${ADMIN_API}/trash/empty`);
    return { data: unwrap<{ purged: number }>(response.data) };
  },
});

/** The redirects' import, beside their plain REST. */
export const redirectMethods = (http: HttpClient) => ({
  async importRedirects(resource: string, params: { csv: string }) {
    const response = await http.post(`${ADMIN_API}/${resource}/import`, params);
    return { data: unwrap<{ imported: number }>(response.data) };
  },
});

/** The enquiries' CSV (the list's filter) and a MANAGER's erasure of a person's enquiries, beside their update. */
export const enquiryMethods = (http: HttpClient) => ({
  async exportCsv(resource: string, params: { filter: Record<string, unknown> }) {
    const response = await http.get(`${ADMIN_API}/${resource}/export?filter=${encodeURIComponent(JSON.stringify(params.filter))}`);
    return { data: response.body };
  },
  async erasePersonalData(resource: string, params: { email: string; phone: string }) {
    const response = await http.post(`${ADMIN_API}/${resource}/erase`, params);
    return { data: unwrap<{ erased: number }>(response.data) };
  },
});

/**
 * History and preview, under `/api/admin/<resource>` whatever the resource's verbs path, for every style of resource
 * that declares them (the POST verbs and plain REST alike).
 */
export const editorialMethods = (http: HttpClient, sender: Sender, changed: Changed) => ({
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
    const data = await sender.post(
      `${ADMIN_API}/${resource}/restore-revision/${encodeURIComponent(String(params.id))}/${encodeURIComponent(String(params.revisionId))}`,
    );
    changed(resource, 'restoreRevision', [data]);
    return { data };
  },
  async preview(resource: string, params: PreviewParams) {
    const query = new URLSearchParams({ ...(params.locale ? { locale: params.locale } : {}), ...(params.draft ? { draft: '1' } : {}) }).toString();
    const response = await http.post(`${ADMIN_API}/${resource}/preview/${encodeURIComponent(String(params.id))}${query ? `?${query}` : ''}`);
    return { data: unwrap<PreviewLink>(response.data) };
  },
  async typeset(resource: string, params: TypesetParams) {
    const response = await http.post(`${ADMIN_API}/${resource}/typeset`, params);
    return { data: unwrap<{ value: string }>(response.data) };
  },
});
