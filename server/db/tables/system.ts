import type { Generated, Selectable } from 'kysely';
import type { CreatedAt, Flag, Timestamp } from './columns.js';

/** What the server keeps about the records: the audit log, the search index, history, trash, presence, kept forms, jobs. */

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
  /** What changed, in words, where the action alone does not say it (the role an account was given). */
  details: string | null;
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
  /** The record's withdrawal moment, when it declares one and has it set. */
  unpublish_at: string | null;
  published: number;
  /** The language of the entry: `ru`, or `en` for a record's English version. */
  locale: Generated<string>;
}

/** When each periodic job last ran on any process (`server/jobs/periodicJobs.ts`). */
/** A scheduled backup's outcome (server/backup/status.ts). */
export interface BackupRunsTable {
  id: Generated<number>;
  started_at: string;
  finished_at: string;
  succeeded: Flag;
  /** The archive's name on the shelf; null when the run failed. */
  archive: string | null;
  size: number | null;
  error: string | null;
}

export interface PeriodicJobsTable {
  name: string;
  last_run_at: string;
}

/** A message to another system (a mail, a search engine's notice), kept until it is delivered (server/outbox). */
export interface OutboxTable {
  id: Generated<number>;
  /** What delivers it: `mail`, `indexnow`. */
  kind: string;
  /** JSON of what the delivery needs. */
  payload: string;
  attempts: Generated<number>;
  /** When the next attempt is due. */
  due_at: string;
  /** The last failure's text, '' while none. */
  last_error: Generated<string>;
  /** When it was delivered, and the receiver's short answer; null and '' until then. */
  sent_at: string | null;
  answer: Generated<string>;
  created_at: string;
}

export type OutboxRow = Selectable<OutboxTable>;

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

/** A form's unsaved values kept for one user (server/formDrafts/): per record, or `new` for a create form. */
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

export type AuditLogRow = Selectable<AuditLogTable>;
