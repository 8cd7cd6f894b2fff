import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { AssetMethods } from './assets.js';
import type { DraftMethods } from './drafts.js';
import type { PresenceMethods } from './presence.js';
import type { Locale } from '@lib/locales.js';
import type { PreviewLink, Revision, RevisionSummary } from '@lib/revisions.js';
import type { ArticleSummary, MediaGenerals, MediaSource, Page } from '@lib/types.js';

/** Parameters of the custom verbs: the record's id. */
export interface VerbParams {
  id: Identifier;
}

export interface TypesetParams {
  field: string;
  value: string;
}

/**
 * The record to preview and, on a site with English, the language of the page (Russian when absent); `draft`: the page
 * shows the record's draft instead of its live version.
 */
export interface PreviewParams extends VerbParams {
  locale?: Locale;
  draft?: boolean;
}

export interface VerbResult {
  data: RaRecord;
}

/** Parameters of one page of a record's history. */
export interface RevisionsParams {
  id: Identifier;
  page: number;
}

/** Parameters naming one version of a record. */
export interface RevisionParams {
  id: Identifier;
  revisionId: Identifier;
}

/** What a write did, for the admin's refetches (admin/cache.ts). */
export type ChangeAction = 'create' | 'update' | 'delete' | 'restore' | 'fix' | 'unfix' | 'moveUp' | 'moveDown' | 'removeImage' | 'restoreRevision';

export interface ChangeEvent {
  resource: string;
  action: ChangeAction;
  /** The records the server answered with. */
  records: RaRecord[];
}

export interface AdminDataProvider extends DataProvider, PresenceMethods, AssetMethods, DraftMethods {
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
  /** The site's languages, `GET /api/admin/site-settings` (readable by every role). */
  getSiteSettings(resource: 'site-settings', params: Record<string, never>): Promise<{ data: SiteSettings }>;
  /** Puts a removed record back from the trash under its id, `POST /api/admin/trash/restore/{resource}/{id}`. */
  restoreFromTrash(resource: string, params: TrashRestoreParams): Promise<VerbResult>;
  /** Purges every entry of the trash with its files (MANAGER), `POST /api/admin/trash/empty`. */
  emptyTrash(resource: string, params: Record<string, never>): Promise<{ data: { purged: number } }>;
  /** One page of a record's history, newest first, as summaries (resources that declare `revisions`). */
  getRevisions(resource: string, params: RevisionsParams): Promise<{ data: Page<RevisionSummary> }>;
  /** One version with its values, for the diff. */
  getRevision(resource: string, params: RevisionParams): Promise<{ data: Revision }>;
  /** Restores a version as a new save; answers the record. */
  restoreRevision(resource: string, params: RevisionParams): Promise<VerbResult>;
  /** Imports redirects from CSV, all lines or none (`POST /api/admin/redirects/import`). */
  importRedirects(resource: 'redirects', params: { csv: string }): Promise<{ data: { imported: number } }>;
  /** The enquiries the filter picks as CSV text (`GET /api/admin/enquiries/export`; the browser drops its BOM). */
  exportCsv(resource: 'enquiries', params: { filter: Record<string, unknown> }): Promise<{ data: string }>;
  /** Erases a person's enquiries by e-mail or phone (MANAGER), `POST /api/admin/enquiries/erase`. */
  erasePersonalData(resource: 'enquiries', params: { email: string; phone: string }): Promise<{ data: { erased: number } }>;
  /** A signed link to the record's public page, drafts included (resources with a page); `locale`: its page in that language. */
  preview(resource: string, params: PreviewParams): Promise<{ data: PreviewLink }>;
  /** A field declared with typography as a save would store it, storing nothing (`POST /api/admin/{resource}/typeset`). */
  typeset(resource: string, params: TypesetParams): Promise<{ data: { value: string } }>;
}

/** What of the server's configuration the admin's screens follow, and the choices of «Настройки сайта». */
export interface SiteSettings {
  /** Whether the public pages offer the version for the visually impaired. */
  low_vision: boolean;
  /** The site's languages: Russian, and English where the site has it on. */
  locales: Locale[];
  /** Whether the primary save of a live record keeps the changes as its draft. */
  drafts_first: boolean;
  /** The resources whose changes by the signed-in user wait for a MANAGER's review. */
  reviewed: string[];
}

/** Which removed record to restore: its resource and its own id. */
export interface TrashRestoreParams {
  resource: string;
  recordId: Identifier;
}

/** Which removed record to restore: its resource and its own id. */
export interface TrashRestoreParams {
  resource: string;
  recordId: Identifier;
}
