import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Timestamps are ISO 8601 UTC strings (`2026-01-31T09:00:00.000Z`) in both dialects, so they sort as text. */
type Timestamp = string;
type CreatedAt = ColumnType<Timestamp, Timestamp | undefined, never>;
/** 0 or 1 in both dialects; the API answers flags as numbers (a removed source shows `active` equal to 0). */
type Flag = 0 | 1;

interface ArticleColumns {
  id: Generated<number>;
  title: string;
  slug: string;
  lead: string;
  content: string;
  /** JSON of `StoredImage` (lib/types.ts), or null. */
  image: string | null;
  image_alt: string;
  public_at: Timestamp;
  published: Flag;
  seo_title: string;
  seo_description: string;
  views: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type NewsTable = ArticleColumns;
export type MediaOurTable = ArticleColumns;

export interface MediaSourcesTable {
  id: Generated<number>;
  name: string;
  url: string;
  logo: string | null;
  active: Flag;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface MediaOtherTable {
  id: Generated<number>;
  title: string;
  lead: string;
  url: string;
  source_id: number | null;
  public_at: Timestamp;
  published: Flag;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface MediaVideoTable {
  id: Generated<number>;
  title: string;
  lead: string;
  video_url: string;
  /** JSON of `StoredImage`, or null. */
  preview: string | null;
  public_at: Timestamp;
  published: Flag;
  fixed: Flag;
  /** 1, 2, 3… among fixed videos; null when not fixed. */
  fixed_order: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TextPagesTable {
  id: Generated<number>;
  identifier: string;
  /** `investoram` for investor pages, null for the others. */
  section: string | null;
  title: string;
  content: string;
  seo_title: string;
  seo_description: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface MenuItemsTable {
  id: Generated<number>;
  parent_id: number | null;
  kind: 'main' | 'header' | 'footer' | 'payment';
  title: string;
  url: string;
  position: number;
}

export interface NetworkCollectionsTable {
  id: Generated<number>;
  title: string;
  url: string;
  icon: string;
  position: number;
}

export interface PhotobankGroupsTable {
  id: Generated<number>;
  kind: 'logo' | 'photo';
  title: string;
  position: number;
}

export interface PhotobankCategoriesTable {
  id: Generated<number>;
  group_id: number;
  title: string;
  position: number;
}

export interface PhotobankLogoItemsTable {
  id: Generated<number>;
  category_id: number;
  type: 'logo' | 'colour';
  title: string;
  position: number;
  /** Preview image path (under uploads) of a logo; null for colours. */
  preview: string | null;
  hex: string;
  rgb: string;
  cmyk: string;
  pantone: string;
}

export interface PhotobankLogoFilesTable {
  id: Generated<number>;
  item_id: number;
  format: string;
  /** Path under the uploads folder. */
  file: string;
  size: number;
  position: number;
}

export interface PhotobankPhotosTable {
  id: Generated<number>;
  category_id: number;
  title: string;
  /** JSON of `StoredImage`. */
  image: string | null;
  image_alt: string;
  size: number;
  position: number;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  role: 'USER' | 'MANAGER';
  active: Flag;
  /** Bumped on logout, password change, role change and deactivation: tokens of older versions stop working. */
  token_version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type ArticleRow = Selectable<ArticleColumns>;
export type NewArticle = Insertable<ArticleColumns>;
export type MediaSourceRow = Selectable<MediaSourcesTable>;
export type MediaVideoRow = Selectable<MediaVideoTable>;
export type TextPageRow = Selectable<TextPagesTable>;
export type MenuItemRow = Selectable<MenuItemsTable>;
export type UserRow = Selectable<Versioned<UsersTable>>;

/** One refresh token of a login session, stored as the SHA-256 of the opaque value the cookie holds. */
export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  /** Hex SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  /** Shared by every token rotated from one login; reuse of a rotated token revokes the whole family. */
  family: string;
  expires_at: Timestamp;
  /** When the token was exchanged for a new one; a used token is kept only to detect reuse. */
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

/** Who did what to which record, when and from where (every admin write, logins, logouts). */
export interface AuditLogTable {
  id: Generated<number>;
  /** Null for an unknown account (failed login) or after the user was deleted. */
  user_id: number | null;
  user_email: string;
  action: string;
  resource: string;
  /** The record's id (or identifier) as text; null when the action concerns no single record. */
  record_id: string | null;
  ip: string;
  created_at: CreatedAt;
}

/** Investor documents: `file` is JSON of `StoredDocument` (lib/types.ts). */
export interface InvestorDocumentsTable {
  id: Generated<number>;
  title: string;
  category: string;
  year: number;
  file: string | null;
  public_at: Timestamp;
  published: Flag;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type AuditLogRow = Selectable<AuditLogTable>;

// The two-factor columns of `users` (migration 0004_two_factor), merged into the interface above.
export interface UsersTable {
  /** 1 once the account confirmed a TOTP code at enrolment; then every sign-in needs a code. */
  two_factor: Generated<Flag>;
  /** The base32 TOTP secret of an enrolled account; null without two-factor sign-in. */
  totp_secret: string | null;
  /** A secret offered at setup and not yet confirmed with a code. */
  totp_pending_secret: string | null;
  /** The last TOTP time step accepted for this account: a code of that step or an earlier one is refused. */
  totp_last_step: number | null;
}

/** One-time recovery codes of an account with two-factor sign-in, stored as SHA-256 hashes. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  /** When the code was used; a used code never works again. */
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** A sign-in waiting for its second step: the password was right, the code is still to come. */
export interface LoginChallengesTable {
  id: Generated<number>;
  user_id: number;
  /** Hex SHA-256 of the opaque challenge the client holds. */
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** Site settings a MANAGER changes in the admin, as key/value text. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

/**
 * The full-text search index (server/search/): one row per searchable record. PostgreSQL adds a `document`
 * tsvector column; SQLite an FTS5 table `search_fts` whose rowid is `id`.
 */
export interface SearchIndexTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  title: string;
  body: string;
  url: string;
  /** The item's date: `public_at` when it has one, else when it was last changed. */
  date: string;
  public_at: string | null;
  published: number;
}

/** One counted request of a rate limit (`server/auth/rateLimit.ts`): shared by every process on the database. */
export interface RateLimitHitsTable {
  id: Generated<number>;
  /** Which limit (`login-ip`, `refresh-account`, …). */
  bucket: string;
  /** What it limits: an IP address or an account id. */
  key: string;
  at: string;
}

/** When each periodic job last ran on any process (`server/jobs/periodicJobs.ts`). */
export interface PeriodicJobsTable {
  name: string;
  last_run_at: string;
}

/** Every table, by name. */
/** The version of a record a save replaced (server/revisions). */
export interface RevisionsTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  /** JSON of the record's restorable field values before the save. */
  field_values: string;
  /** JSON array of the names of the fields the save changed. */
  changed: string;
  /** Null after the user was deleted; the e-mail stays. */
  user_id: number | null;
  user_email: string;
  created_at: Timestamp;
}

export type RevisionRow = Selectable<RevisionsTable>;

/** An editable record's table: every write bumps `version`, which the admin's `If-Match` names. */
type Versioned<Table> = Table & { version: Generated<number> };

export interface Database {
  news: Versioned<NewsTable>;
  media_our: Versioned<MediaOurTable>;
  media_sources: Versioned<MediaSourcesTable>;
  media_other: Versioned<MediaOtherTable>;
  media_video: Versioned<MediaVideoTable>;
  text_pages: Versioned<TextPagesTable>;
  menu_items: Versioned<MenuItemsTable>;
  network_collections: Versioned<NetworkCollectionsTable>;
  photobank_groups: Versioned<PhotobankGroupsTable>;
  photobank_categories: Versioned<PhotobankCategoriesTable>;
  photobank_logo_items: Versioned<PhotobankLogoItemsTable>;
  photobank_logo_files: PhotobankLogoFilesTable;
  photobank_photos: Versioned<PhotobankPhotosTable>;
  users: Versioned<UsersTable>;
  refresh_tokens: RefreshTokensTable;
  audit_log: AuditLogTable;
  investor_documents: Versioned<InvestorDocumentsTable>;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  settings: SettingsTable;
  search_index: SearchIndexTable;
  rate_limit_hits: RateLimitHitsTable;
  periodic_jobs: PeriodicJobsTable;
}

/** A removed record waiting in the trash (server/trash/): its row and files, until restored or purged. */
export interface TrashTable {
  id: Generated<number>;
  /** The admin resource name (`news`, `text-pages`…). */
  resource: string;
  /** The record's id, which it gets back on restore. */
  record_id: number;
  /** What the trash screen shows of it. */
  title: string;
  /** JSON of the row's columns as they were. */
  row: string;
  /** JSON array of the upload keys the record named, deleted when the entry is purged. */
  files: string;
  /** Null after the account was deleted. */
  removed_by_id: number | null;
  removed_by_email: string;
  removed_at: Timestamp;
}

export type TrashRow = Selectable<TrashTable>;

// The trash table (migration 0007_trash), merged into the interface above.
export interface Database {
  trash: TrashTable;
  revisions: RevisionsTable;
}

/** One open edit screen of the admin (migration 0012_presence), kept while its heartbeat comes. */
export interface PresenceTable {
  id: Generated<number>;
  user_id: number;
  /** The screen's own random id: one person's two tabs are two rows. */
  tab: string;
  resource: string;
  record_id: number;
  /** When this screen opened the record. */
  since: Timestamp;
  /** Its last heartbeat; older than the expiry, the row no longer counts. */
  last_seen: Timestamp;
}

export interface Database {
  presence: PresenceTable;
}

/** A form's unsaved values kept for one user (server/drafts/): per record, or `new` for a create form. */
export interface FormDraftsTable {
  id: Generated<number>;
  user_id: number;
  resource: string;
  /** The record's id, or `new`. */
  record_key: string;
  /** JSON object of the form's values (files left out: a browser cannot hand them back). */
  form_values: string;
  /** The record's version the editor started from; null for a create form. */
  version: number | null;
  saved_at: Timestamp;
}

export type FormDraftRow = Selectable<FormDraftsTable>;

// The kept form versions (migration 0013_form_drafts), merged into the interface above.
export interface Database {
  form_drafts: FormDraftsTable;
}
