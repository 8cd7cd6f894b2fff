/** The admin's publishing calendar: one item of any kind with a publication moment. */
export interface CalendarItem {
  /** The admin resource (`news`, `investor-documents`…); the item opens at `/admin/<resource>/<id>`. */
  resource: string;
  id: number;
  title: string;
  /** ISO moment: when it appears (or appeared) on the site. */
  public_at: string;
  /** False for drafts, which the calendar lists aside whatever their date. */
  published: boolean;
}

/** The widest window one calendar read may ask for, in days (a month view with its edges fits easily). */
export const CALENDAR_MAX_DAYS = 100;
