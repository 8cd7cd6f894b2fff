/** One entry of a record's history: the version a save replaced, who saved, when, and which fields the save changed. */
export interface RevisionSummary {
  id: number;
  created_at: string;
  user_id: number | null;
  user_email: string;
  changed: string[];
}

/** One version with its values: the record's restorable fields as they were before that save. */
export interface Revision extends RevisionSummary {
  values: Record<string, unknown>;
}

/** A signed link to a record's public page (path and query on the site), and when it stops working. */
export interface PreviewLink {
  url: string;
  expiresAt: string;
}
