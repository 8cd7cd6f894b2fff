import type { Kysely, Transaction } from 'kysely';
import type { RESOURCES } from '../../lib/resources/index.js';
import type { AssetFilesTable, AssetFoldersTable, AssetsTable, AssetUsesTable, AssetWordsTable } from './tables/assets.js';
import type { Versioned } from './tables/columns.js';
import type { DeclaredTable } from './tables/declared.js';
import type { ConsentTextsTable, EnquiriesTable } from './tables/enquiries.js';
import type {
  LoginChallengesTable,
  RateLimitHitsTable,
  RecoveryCodesTable,
  RefreshTokensTable,
  RolesTable,
  SettingsTable,
  UsersTable,
} from './tables/accounts.js';
import type {
  MediaOtherTable,
  MediaOurTable,
  MediaSourcesTable,
  MediaVideoTable,
  MenuItemsTable,
  NetworkCollectionsTable,
  NewsTable,
  RedirectsTable,
  TextPagesTable,
} from './tables/content.js';
import type {
  PhotobankCategoriesTable,
  PhotobankGroupsTable,
  PhotobankLogoFilesTable,
  PhotobankLogoItemsTable,
  PhotobankPhotosTable,
} from './tables/photobank.js';
import type {
  AuditLogTable,
  BackupRunsTable,
  FormDraftsTable,
  OutboxTable,
  PeriodicJobsTable,
  PresenceTable,
  RevisionsTable,
  SearchIndexTable,
  TrashTable,
} from './tables/system.js';
import type { TranslationsTable } from './tables/translations.js';
import type { RecordDraftsTable, ReviewEventsTable } from './tables/review.js';

export type * from './tables/accounts.js';
export type * from './tables/assets.js';
export type * from './tables/columns.js';
export type * from './tables/content.js';
export type * from './tables/enquiries.js';
export type * from './tables/photobank.js';
export type * from './tables/system.js';
export type * from './tables/translations.js';
export type * from './tables/review.js';

/** The tables written out here, by name; the tables of editable records carry the `version` their writes bump. */
interface WrittenTables {
  news: Versioned<NewsTable>;
  media_our: Versioned<MediaOurTable>;
  media_sources: Versioned<MediaSourcesTable>;
  media_other: Versioned<MediaOtherTable>;
  media_video: Versioned<MediaVideoTable>;
  text_pages: Versioned<TextPagesTable>;
  menu_items: Versioned<MenuItemsTable>;
  network_collections: Versioned<NetworkCollectionsTable>;
  redirects: Versioned<RedirectsTable>;
  photobank_groups: Versioned<PhotobankGroupsTable>;
  photobank_categories: Versioned<PhotobankCategoriesTable>;
  photobank_logo_items: Versioned<PhotobankLogoItemsTable>;
  photobank_logo_files: PhotobankLogoFilesTable;
  photobank_photos: Versioned<PhotobankPhotosTable>;
  users: Versioned<UsersTable>;
  refresh_tokens: RefreshTokensTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  settings: SettingsTable;
  roles: RolesTable;
  rate_limit_hits: RateLimitHitsTable;
  audit_log: AuditLogTable;
  search_index: SearchIndexTable;
  periodic_jobs: PeriodicJobsTable;
  backup_runs: BackupRunsTable;
  revisions: RevisionsTable;
  trash: TrashTable;
  presence: PresenceTable;
  form_drafts: FormDraftsTable;
  outbox: OutboxTable;
  enquiries: Versioned<EnquiriesTable>;
  consent_texts: ConsentTextsTable;
  asset_folders: Versioned<AssetFoldersTable>;
  assets: Versioned<AssetsTable>;
  asset_files: AssetFilesTable;
  asset_words: AssetWordsTable;
  asset_uses: AssetUsesTable;
  translations: TranslationsTable;
  record_drafts: RecordDraftsTable;
  review_events: ReviewEventsTable;
}

type Registered = (typeof RESOURCES)[number];

/** The table of every registered resource not written out above: derived from its declaration, with its version. */
type DeclaredTables = {
  [Resource in Registered as Resource['table'] extends keyof WrittenTables ? never : Resource['table']]: Versioned<DeclaredTable<Resource>>;
};

/** Every table, by name. */
export type Database = WrittenTables & DeclaredTables;

/** The database or a transaction on it: what every query function takes, so that it can run inside a write. */
export type Db = Kysely<Database> | Transaction<Database>;
export type Trx = Transaction<Database>;
