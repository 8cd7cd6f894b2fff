import type { Generated, Selectable } from 'kysely';
import type { ReviewState } from '../../../lib/review.js';
import type { Timestamp } from './columns.js';

/** The draft of a content record beside its live version (server/review): never read by anything public. */
export interface RecordDraftsTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  /** JSON of the values as an update would send them, `translations` included. */
  draft_values: string;
  /** Bumped by each save of the draft: the `If-Match` of the next one. */
  version: number;
  /** The live record's version the draft was begun from: publishing over a newer live version is a conflict. */
  base_version: number;
  /** Null after the user was deleted; the e-mail stays. */
  saved_by: number | null;
  saved_by_email: string;
  saved_at: Timestamp;
  review_state: ReviewState;
  /** When the draft is to be published by itself, and who chose that (the job publishes in their name). */
  publish_at: Timestamp | null;
  scheduled_by: number | null;
}

/** One step of a draft's review: `submit`, `request-changes` (with the comment) or `publish`. */
export interface ReviewEventsTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  action: string;
  comment: string | null;
  user_id: number | null;
  user_email: string;
  /** The draft's author, to whom the return and the publication are written. */
  author_id: number | null;
  created_at: Timestamp;
}

export type RecordDraftRow = Selectable<RecordDraftsTable>;
export type ReviewEventRow = Selectable<ReviewEventsTable>;
