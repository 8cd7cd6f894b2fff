import { LRUCache } from 'lru-cache';
import type { RowChange, RowFilters } from '../db/listReads.js';
import { currentQueryLog, QueryLog, withQueryLog } from '../db/queryLog.js';
import { ChangeJournal, type ChangedRecord } from './changeJournal.js';
import { CacheOutcomes } from './outcomes.js';
import { entryBytes } from './entrySize.js';
import { ChangeTimes, ReadIndex, touches, type ChangedContent } from './readIndex.js';
import { ContentSchedule, type ScheduledTimes } from './schedule.js';

/** One stored representation of a response: its headers (with Content-Length and Content-Encoding) and bytes. */
export interface Variant {
  headers: Record<string, string>;
  body: Buffer;
}

/** A response kept by the page cache: the same content as identity, gzip and Brotli, and its validator. */
export interface CachedResponse {
  statusCode: number;
  etag: string;
  identity: Variant;
  gzip: Variant;
  br: Variant;
  /** Headers of a 304 answer: the validator and the caching rules, nothing about the body. */
  notModified: Record<string, string>;
  /** Side effects a hit must repeat, such as counting the read of an article (the render did it the first time). */
  onHit: (() => void) | null;
  /** The route pattern of the page it is (`/news/:slug`), which a hit is counted under in the metrics. */
  route?: string | null;
}

export interface PageCacheOptions {
  /** Memory for stored responses, in bytes (what each entry really holds counts: see `entryBytes`); 0 keeps nothing. */
  maxBytes: number;
  /** When each table's published items next appear or leave on their own (`public_at`, `unpublish_at`). */
  nextScheduledChanges: ScheduledTimes;
  now?: () => number;
}

export type { ChangedRecord };

/**
 * What a content change touched: the tables it wrote as a whole (null: not known, so everything), the records it
 * wrote one by one by table (none: rows only added), and the record it changed when it is one known record (for
 * what keeps values derived from a few records, such as the sitemap's files).
 */
export interface ContentChange {
  tables: readonly string[] | null;
  records?: Readonly<Record<string, readonly number[]>>;
  /** The written records' values before and after, where known: a list they were not and are not in stays. */
  rows?: Readonly<Record<string, readonly RowChange[]>>;
  /** Rows written by condition, by table: the equalities each write held them to (a list holding none stays). */
  where?: Readonly<Record<string, readonly RowFilters[]>>;
  changed?: ChangedRecord | null;
}

/**
 * The token a render takes at its start: the change it started after, and the log of what it reads (records and
 * whole tables). Its answer is stored only if none of that changed since.
 */
export interface CacheTicket {
  key: string;
  since: number;
  reads: QueryLog;
}

/**
 * Values kept at most: their keys come from addresses (a list's filters), so a visitor trying values must not grow
 * them without end; the least recently used is read again when asked for.
 */
const MAX_MEMOS = 1000;

export interface Stored {
  response: CachedResponse;
  reads: QueryLog;
  /** The moment it stops being answered (a page holding something that expires); null while the content stays. */
  expiresAt: number | null;
}

interface Memo {
  value: Promise<unknown>;
  reads: QueryLog;
  done: boolean;
}

/** The tables a change wrote, whichever way it names them. */
const tablesOf = (change: ChangedContent) => [
  ...new Set([...change.tables, ...Object.keys(change.records), ...Object.keys(change.rows ?? {}), ...Object.keys(change.where ?? {})]),
];

/**
 * Answers whose address is longer are rendered every time, never stored: a query string of any length (a search
 * for a pasted text) would otherwise make each entry as big as its address, several times over in the index.
 */
export const MAX_KEY_LENGTH = 1024;

/**
 * Rendered public pages and public JSON reads, each kept with what its render read (server/db/queryLog.ts): the
 * records it showed, the tables it read as a whole (its lists), and so the site-wide parts every page reads (menus,
 * settings, site texts), whose change ends everything. A content write ends, after its transaction committed, only
 * the answers that read what it wrote: the pages of the records it changed and the lists of their resource, never
 * another resource's pages; a write whose tables are not known ends everything. A scheduled item's `public_at` ends
 * the lists of its table (the item was on no page yet), its `unpublish_at` what read its table. Values derived from
 * content (menus, list orders) can be kept the same way with `memo`, even when no page is stored; a render that uses
 * one reads what the value read.
 */
export class PageCache {
  readonly enabled: boolean;
  /** How answers were made (hit, miss, collapsed, bypass): counted here for the metrics and the `Cache-Status` header. */
  readonly outcomes = new CacheOutcomes();
  private readonly entries: LRUCache<string, Stored> | null;
  /** The stored keys by what they read; those that read what cannot be told are ended by every change. */
  private readonly index = new ReadIndex();
  private readonly memos = new LRUCache<string, Memo>({ max: MAX_MEMOS });
  private readonly now: () => number;
  private readonly schedule: ContentSchedule;
  /** Changes counted from the start: a ticket remembers the count it started at. */
  private changes = 0;
  /** Entries dropped to make room for others (the memory was full), from the start. */
  private evictions = 0;
  private readonly changedAt = new ChangeTimes();
  private readonly listeners = new Set<(change: ContentChange) => void | Promise<void>>();
  private readonly endedListeners = new Set<(keys: string[]) => void>();
  private readonly journal = new ChangeJournal();

  constructor(options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.schedule = new ContentSchedule(options.nextScheduledChanges, this.now);
    this.enabled = options.maxBytes > 0;
    this.entries = this.enabled
      ? new LRUCache<string, Stored>({
          maxSize: options.maxBytes,
          sizeCalculation: (stored, key) => entryBytes(key, stored),
          maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 4)),
          dispose: (stored, key, reason) => {
            this.index.remove(key, stored.reads);
            if (reason === 'evict') this.evictions++;
          },
        })
      : null;
  }

  /** The number of changes so far: what `changesSince` counts from. */
  get generation(): number {
    return this.changes;
  }

  /**
   * A content change: ends what read what it wrote (answers rendered before now that read it are not stored) and
   * tells the `onInvalidate` listeners, such as the other processes' caches. Resolves once they were told. Without
   * `tables`, everything ends. `fromPeer` is a change another process announced: it is not announced again.
   */
  invalidate(options: Partial<ContentChange> & { fromPeer?: boolean } = {}): Promise<void> {
    const change: ContentChange = {
      tables: options.tables ?? null,
      records: options.records ?? {},
      rows: options.rows ?? {},
      where: options.where ?? {},
      changed: options.changed ?? null,
    };
    const touched = change.tables === null ? null : { tables: change.tables, records: change.records ?? {}, rows: change.rows, where: change.where };
    const ended = this.end(touched, change.changed ? [change.changed] : change.tables === null ? null : []);
    // After a change not known table by table (a lost connection, a command-line tool) nothing is rendered ahead.
    if (change.tables === null) ended.length = 0;
    const told = options.fromPeer ? Promise.resolve() : Promise.all([...this.listeners].map((listener) => listener(change))).then(() => undefined);
    // What is rendered again waits until the writer's answer went out.
    return told.finally(() => setImmediate(() => this.tellEnded(ended)));
  }

  /** Called after every content change made by this process (scheduled times happen on every process alone). */
  onInvalidate(listener: (change: ContentChange) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called with the keys of the stored answers each change of named tables (or scheduled time) ended (to render them again). */
  onEnded(listener: (keys: string[]) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  /**
   * The records changed by writes since `generation`, or null when some change since is not known record by record
   * (then everything derived from content must be read again). Scheduled times that came count as no record: who
   * keeps values across changes checks the dates that came since.
   */
  changesSince(generation: number): ChangedRecord[] | null {
    return this.journal.since(generation, this.changes);
  }

  ticket(key: string): CacheTicket {
    this.endScheduledIfDue();
    return { key, since: this.changes, reads: new QueryLog() };
  }

  get(key: string): CachedResponse | undefined {
    if (!this.entries) return undefined;
    this.endScheduledIfDue();
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt === null || this.now() < entry.expiresAt) return entry?.response;
    this.entries.delete(key);
    return undefined;
  }

  /**
   * Stores a response rendered under `ticket`, unless a table it read changed since the render started (the
   * response may show the old content), a scheduled item of one became public meanwhile included. `ttlMs` bounds
   * how long it is answered (a page holding something that expires), null: until the content changes.
   */
  async set(ticket: CacheTicket, response: CachedResponse, ttlMs: number | null = null): Promise<boolean> {
    // An answer that logged no table at all is taken for one whose reads are not known: any change ends it.
    if (ticket.reads.tablesRead().size === 0) ticket.reads.readUnknown = true;
    if (!this.entries || ticket.key.length > MAX_KEY_LENGTH || this.changedSince(ticket.since, ticket.reads)) return false;
    await this.schedule.known();
    this.endScheduledIfDue();
    if (this.changedSince(ticket.since, ticket.reads)) return false;
    this.entries.set(ticket.key, { response, reads: ticket.reads, expiresAt: ttlMs === null ? null : this.now() + ttlMs });
    // An entry bigger than a quarter of the memory is not kept at all.
    if (!this.entries.has(ticket.key)) return false;
    this.index.add(ticket.key, ticket.reads);
    return true;
  }

  /**
   * A value computed once and shared by every render until a table it read changes (menus, social links, the order
   * of a list). The caller's own log (a render's) gets the tables the value read.
   */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    this.endScheduledIfDue();
    this.schedule.known().catch(() => undefined);
    const caller = currentQueryLog();
    let memo = this.memos.get(key);
    if (!memo) {
      const reads = new QueryLog();
      const value = withQueryLog(reads, compute);
      const made: Memo = { value, reads, done: false };
      memo = made;
      this.memos.set(key, made);
      value.then(
        () => {
          made.done = true;
        },
        // A failed read is not remembered: the next render tries again.
        () => {
          if (this.memos.get(key) === made) this.memos.delete(key);
        },
      );
    }
    const { reads } = memo;
    return (memo.value as Promise<T>).then((value) => {
      if (caller) caller.mergeReads(reads);
      return value;
    });
  }

  /** Bytes and entries held now, and entries evicted so far (for the metrics, the benchmark and tests). */
  stats(): { entries: number; bytes: number; generation: number; evictions: number } {
    return { entries: this.entries?.size ?? 0, bytes: this.entries?.calculatedSize ?? 0, generation: this.changes, evictions: this.evictions };
  }

  private changedSince(since: number, reads: QueryLog): boolean {
    return this.changedAt.changedSince(since, reads, this.changes);
  }

  /** Ends what read what `change` touched (everything when null) and notes it in the journal; answers the ended keys. */
  private end(change: ChangedContent | null, changed: ChangedRecord[] | null): string[] {
    this.changes++;
    this.journal.add(this.changes, changed);
    this.changedAt.note(this.changes, change);
    this.schedule.forget(change === null ? null : tablesOf(change));
    let ended: string[];
    if (change === null) {
      ended = [...(this.entries?.keys() ?? [])];
      this.entries?.clear();
      this.memos.clear();
    } else {
      const keys = this.index.endedBy(change);
      ended = [...keys].filter((key) => this.entries?.has(key));
      for (const key of keys) this.entries?.delete(key);
      // A value still being computed may have read something before it changed: the next caller computes it again.
      for (const [key, memo] of this.memos.entries()) if (!memo.done || touches(memo.reads, change)) this.memos.delete(key);
    }
    return ended;
  }

  private tellEnded(keys: string[]): void {
    if (keys.length > 0) for (const listener of this.endedListeners) listener(keys);
  }

  /** A scheduled item's time came: what it touched ends, on this process alone. */
  private endScheduledIfDue(): void {
    const due = this.schedule.due();
    if (due) this.tellEnded(this.end(due, []));
  }
}
