/** Drafts in review as the server answers them and the admin shows them: one set of types for both. */

/** Where a draft stands in review: not asked for, waiting for a MANAGER, or returned to its author with a comment. */
export type ReviewState = 'none' | 'in_review' | 'changes_requested';

/** A MANAGER's comment on a returned draft, as the form and the dashboard show it. */
export interface ReviewComment {
  text: string;
  user_email: string;
  at: string;
}

/** One line of the dashboard's review list. */
export interface ReviewQueueEntry {
  resource: string;
  record_id: number;
  /** The record's title as the draft has it (the live one when the draft leaves it), null for a record without one. */
  title: string | null;
  review_state: ReviewState;
  saved_at: string;
  user_email: string;
  publish_at: string | null;
  review_comment: ReviewComment | null;
}

/** The dashboard's drafts. */
export interface ReviewQueue {
  /** Drafts waiting for a MANAGER (empty for a USER). */
  waiting: ReviewQueueEntry[];
  /** The signed-in user's own drafts, the returned ones with their comment. */
  mine: ReviewQueueEntry[];
}
