/**
 * The admin's publishing calendar: one entry of an item with a publication moment. An item appears once at its
 * publication and, when it is to be withdrawn, once more at its withdrawal.
 */
export interface CalendarItem {
  /** The admin resource (`news`, `media-our`…); the item opens at `/admin/<resource>/<id>`. */
  resource: string;
  id: number;
  title: string;
  /** `publication`: the entry stands at `public_at`; `withdrawal`: at `unpublish_at`, when the item leaves the site. */
  kind: 'publication' | 'withdrawal';
  /** ISO moment: when it appears (or appeared) on the site. */
  public_at: string;
  /** ISO moment: when it leaves (or left) the site; null when it stays. */
  unpublish_at: string | null;
  /** False for drafts, which the calendar lists aside whatever their date. */
  published: boolean;
}

/** The moment an entry stands at in the calendar: its publication or its withdrawal. */
export const calendarMoment = (item: CalendarItem): string => (item.kind === 'withdrawal' && item.unpublish_at !== null ? item.unpublish_at : item.public_at);

/** The field an entry's moment is kept in, which rescheduling the entry changes. */
export const calendarField = (item: CalendarItem): 'public_at' | 'unpublish_at' => (item.kind === 'withdrawal' ? 'unpublish_at' : 'public_at');

/** The widest window one calendar read may ask for, in days (a month view with its edges fits easily). */
export const CALENDAR_MAX_DAYS = 100;
