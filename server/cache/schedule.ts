import type { ChangedContent } from './readIndex.js';

/**
 * When the published items of each table (all, or only `tables`) next appear (`leaves` false) or leave (`leaves`
 * true) on their own after `since`, as epoch milliseconds.
 */
export type ScheduledTimes = (since: Date, tables: readonly string[] | null) => Promise<ScheduledTime[]>;

export interface ScheduledTime {
  /** What ends when the time comes: the table, or a copy of its dates (the search index). */
  table: string;
  /** The table whose dates these are: a write of it may move them. */
  source: string;
  at: number;
  leaves: boolean;
}

/**
 * The next scheduled moments (`public_at`, `unpublish_at`) of the content, per table: read once, read again for
 * the tables a change wrote, and told as due when their time came. Counted from the last time that came, so that an
 * item whose time came while a page rendered makes its table due before that page is stored.
 */
export class ContentSchedule {
  private since: Date;
  /** The moments known, by the table whose dates they are. */
  private readonly times = new Map<string, ScheduledTime[]>();
  /** The earliest of them (asked on every request). */
  private next = Infinity;
  /** Tables whose moments must be read (again) before they are known; `all` at first and after a time came. */
  private stale: Set<string> | 'all' = 'all';
  /** Bumped by each forget of a table (of all for `*`): a read started before it must not overwrite what follows. */
  private readonly forgotten = new Map<string, number>();
  private reading: Promise<void> = Promise.resolve();

  constructor(
    private readonly read: ScheduledTimes,
    private readonly now: () => number,
  ) {
    this.since = new Date(now());
  }

  /** Resolves once the next moments are known; rejects when they could not be read (then nothing may be stored). */
  known(): Promise<void> {
    if (this.stale === 'all' || this.stale.size > 0) {
      const tables = this.stale === 'all' ? null : [...this.stale];
      this.stale = new Set();
      const started = new Map(this.forgotten);
      const read = this.read(this.since, tables).then(
        (times) => this.keep(tables, times, started),
        (error: unknown) => {
          this.forget(tables);
          throw error;
        },
      );
      // Reads still running count too: each covers its own tables.
      const reading = Promise.all([this.reading, read]).then(() => undefined);
      this.reading = reading;
      reading.catch(() => {
        if (this.reading === reading) this.reading = Promise.resolve();
      });
    }
    return this.reading;
  }

  /** A content change may have added or moved scheduled items of these tables (of any, when null): read them again. */
  forget(tables: readonly string[] | null): void {
    for (const table of tables ?? ['*']) this.forgotten.set(table, (this.forgotten.get(table) ?? 0) + 1);
    if (tables === null) this.stale = 'all';
    else if (this.stale !== 'all') for (const table of tables) this.stale.add(table);
  }

  /**
   * What the moments that came since the last one touched, or null; after it, moments are counted from now. An item
   * that appears was on no page (a read that looked for it found nothing and counts as a read of its table's lists):
   * its table's lists end. One that leaves was on its own pages and on any other: what read its table ends.
   */
  due(): ChangedContent | null {
    const now = this.now();
    if (this.next > now) return null;
    const due = [...this.times.values()].flat().filter((time) => time.at <= now);
    this.since = new Date(now);
    this.times.clear();
    this.next = Infinity;
    this.forget(null);
    const tables = [...new Set(due.filter((time) => time.leaves).map((time) => time.table))];
    const appearing = due.filter((time) => !time.leaves && !tables.includes(time.table)).map((time) => [time.table, [] as number[]] as const);
    return { tables, records: Object.fromEntries(appearing) };
  }

  /** Keeps what a read found for its tables, but not for those forgotten again while it ran (read again next). */
  private keep(tables: readonly string[] | null, times: ScheduledTime[], started: ReadonlyMap<string, number>): void {
    const unchanged = (table: string) => (this.forgotten.get(table) ?? 0) === (started.get(table) ?? 0);
    if (!unchanged('*')) return;
    if (tables === null) this.times.clear();
    else for (const table of tables) if (unchanged(table)) this.times.delete(table);
    for (const time of times) {
      if (unchanged(time.source)) this.times.set(time.source, [...(this.times.get(time.source) ?? []), time]);
    }
    this.next = Math.min(...[...this.times.values()].flat().map((time) => time.at));
  }
}
