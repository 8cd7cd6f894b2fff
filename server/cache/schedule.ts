import type { ChangedContent } from './readIndex.js';

/**
 * When each table's published items next appear (`leaves` false) or leave (`leaves` true) on their own after
 * `since`, as epoch milliseconds.
 */
export type ScheduledTimes = (since: Date) => Promise<ScheduledTime[]>;

export interface ScheduledTime {
  table: string;
  at: number;
  leaves: boolean;
}

/**
 * The next scheduled moments (`public_at`, `unpublish_at`) of the content, per table: read once after each change,
 * and told as due when their time came. Counted from the last time that came, so that an item whose time came while
 * a page rendered makes its table due before that page is stored.
 */
export class ContentSchedule {
  private since: Date;
  private reading: Promise<void> | null = null;
  private times: ScheduledTime[] | null = null;

  constructor(
    private readonly read: ScheduledTimes,
    private readonly now: () => number,
  ) {
    this.since = new Date(now());
  }

  /** Resolves once the next moments are known; rejects when they could not be read (then nothing may be stored). */
  known(): Promise<void> {
    if (!this.reading) {
      const reading = this.read(this.since).then(
        (times) => {
          if (this.reading === reading) this.times = times;
        },
        (error: unknown) => {
          if (this.reading === reading) this.reading = null;
          throw error;
        },
      );
      this.reading = reading;
    }
    return this.reading;
  }

  /** A content change may have added or moved a scheduled item: read the moments again. */
  forget(): void {
    this.reading = null;
    this.times = null;
  }

  /**
   * What the moments that came since the last one touched, or null; after it, moments are counted from now. An item
   * that appears was on no page (a read that looked for it found nothing and counts as a read of its table's lists):
   * its table's lists end. One that leaves was on its own pages and on any other: what read its table ends.
   */
  due(): ChangedContent | null {
    if (!this.times) return null;
    const now = this.now();
    const due = this.times.filter((time) => time.at <= now);
    if (due.length === 0) return null;
    this.since = new Date(now);
    this.forget();
    const tables = [...new Set(due.filter((time) => time.leaves).map((time) => time.table))];
    const appearing = due.filter((time) => !time.leaves && !tables.includes(time.table)).map((time) => [time.table, [] as number[]] as const);
    return { tables, records: Object.fromEntries(appearing) };
  }
}
