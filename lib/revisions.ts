/** One entry of a record's history: the version a save replaced, who saved, when, and which fields the save changed. */
export interface RevisionSummary {
  id: number;
  created_at: string;
  user_id: number | null;
  user_email: string;
  changed: string[];
}

/** How many entries one page of a record's history holds (`GET /api/admin/<resource>/{id}/revisions?page=N`). */
export const REVISIONS_PER_PAGE = 20;

/** One version with its values: the record's restorable fields as they were before that save. */
export interface Revision extends RevisionSummary {
  values: Record<string, unknown>;
}

/** A signed link to a record's public page (path and query on the site), and when it stops working. */
export interface PreviewLink {
  url: string;
  expiresAt: string;
}
