import type { Kysely } from 'kysely';
import { declared } from '../db/declared.js';
import type { Database } from '../db/schema.js';

/** The table of a resource whose page counts its reads (`countsViews`): it has a `views` column. */
export type CountedTable = string;

/** What reads need of the counter: a read to count. */
export type ViewRecorder = Pick<ViewCounter, 'record'>;

/** The counter of requests that are not visits (a prefetch, the page cache's own render): their reads count nothing. */
export const UNCOUNTED_VIEWS: ViewRecorder = { record: () => undefined };

/**
 * Counts item reads in memory and adds them to the database in one batch every few seconds, so that a read
 * never waits for a write. Each process adds its own increments (`views = views + n`), which stays correct
 * with several processes on one database. Counts not yet flushed are written on shutdown.
 */
export class ViewCounter {
  private pending = new Map<CountedTable, Map<number, number>>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly intervalMs = 5000,
  ) {}

  record(table: CountedTable, id: number, count = 1): void {
    let counts = this.pending.get(table);
    if (!counts) {
      counts = new Map();
      this.pending.set(table, counts);
    }
    counts.set(id, (counts.get(id) ?? 0) + count);
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush().catch(() => undefined), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Writes the counted reads; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    const batch = this.pending;
    if (batch.size === 0) return;
    this.pending = new Map();
    try {
      await declared(this.db)
        .transaction()
        .execute(async (trx) => {
          for (const [table, counts] of batch) {
            for (const [id, count] of counts) {
              await trx
                .updateTable(table)
                .set((eb) => ({ views: eb('views', '+', count) }))
                .where('id', '=', id)
                .execute();
            }
          }
        });
    } catch (error) {
      // Keep the counts for the next flush rather than lose them.
      for (const [table, counts] of batch) for (const [id, count] of counts) this.record(table, id, count);
      throw error;
    }
  }
}
