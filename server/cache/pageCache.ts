import { LRUCache } from 'lru-cache';

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
}

export interface PageCacheOptions {
  /** Memory for stored responses, in bytes (all three encodings count); 0 keeps nothing. */
  maxBytes: number;
  /**
   * The earliest moment after `since` at which published content appears or leaves on its own (a scheduled
   * `public_at` or `unpublish_at`), as epoch milliseconds, or null when nothing is scheduled. Asked once per generation.
   */
  nextScheduledChange: (since: Date) => Promise<number | null>;
  now?: () => number;
}

/** The token a request takes at its start; a response is stored only if no change happened since. */
export interface CacheTicket {
  key: string;
  generation: number;
}

/**
 * Values kept per generation at most: their keys come from addresses (a list's filters), so a visitor trying values
 * must not grow them without end; the least recently used is read again when asked for.
 */
const MAX_MEMOS = 1000;

/** A record a content write changed, named by its resource and id. */
export interface ChangedRecord {
  resource: string;
  id: number;
}

/** How many ends of generations are remembered for `changesSince`. */
const JOURNAL_LENGTH = 1000;

const sizeOf = (entry: CachedResponse) => entry.identity.body.length + entry.gzip.body.length + entry.br.body.length + 512;

/**
 * Rendered public pages and public JSON reads, kept until the content changes. A "generation" is the span between
 * two changes: every content write calls `invalidate()` (after its transaction committed, so the next request
 * reads the new content), and a generation also ends by itself when a scheduled item's `public_at` or `unpublish_at` comes.
 * Values derived from content (menus, links) can be kept per generation with `memo`, even when no page is stored.
 */
export class PageCache {
  readonly enabled: boolean;
  private readonly entries: LRUCache<string, CachedResponse> | null;
  private readonly memos = new LRUCache<string, Promise<unknown>>({ max: MAX_MEMOS });
  private readonly now: () => number;
  private generationValue = 0;
  private generationStart: Date;
  private expiresAt: Promise<number | null> | null = null;
  private expiresAtKnown: number | null = null;
  private readonly listeners = new Set<(changed: ChangedRecord | null) => void | Promise<void>>();
  /**
   * What began each recent generation: the record a write of this process changed, none when a scheduled time came,
   * or null when the change is not known record by record (another process's, or a write that named no record).
   */
  private readonly journal: { generation: number; changed: ChangedRecord[] | null }[] = [];

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.generationStart = new Date(this.now());
    this.enabled = options.maxBytes > 0;
    this.entries = this.enabled
      ? new LRUCache<string, CachedResponse>({
          maxSize: options.maxBytes,
          sizeCalculation: sizeOf,
          maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 4)),
        })
      : null;
  }

  get generation(): number {
    return this.generationValue;
  }

  /**
   * A content change: ends the generation (stored responses and memos are dropped, and responses rendered before
   * now are not stored) and tells the `onInvalidate` listeners, such as the other processes' caches. Resolves once
   * they were told. `fromPeer` is a change another process announced: it is not announced again. `changed` names the
   * record the write changed, so that what is derived from a few records can be kept for the others (`changesSince`).
   */
  invalidate(options: { fromPeer?: boolean; changed?: ChangedRecord } = {}): Promise<void> {
    const changed = options.changed ?? null;
    this.endGeneration(changed ? [changed] : null);
    if (options.fromPeer) return Promise.resolve();
    return Promise.all([...this.listeners].map((listener) => listener(changed))).then(() => undefined);
  }

  /**
   * Called after every content change made by this process, with the record it changed when known (scheduled
   * expiries happen on every process alone).
   */
  onInvalidate(listener: (changed: ChangedRecord | null) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The records changed by writes since `generation` began, or null when some change since is not known record by
   * record (then everything derived from content must be read again). Scheduled times that came count as no record:
   * who keeps values across generations checks the dates that came since.
   */
  changesSince(generation: number): ChangedRecord[] | null {
    if (generation === this.generationValue) return [];
    const since = this.journal.filter((entry) => entry.generation > generation);
    if (since.length !== this.generationValue - generation) return null;
    const changed: ChangedRecord[] = [];
    for (const entry of since) {
      if (entry.changed === null) return null;
      changed.push(...entry.changed);
    }
    return changed;
  }

  private endGeneration(changed: ChangedRecord[] | null): void {
    this.generationValue++;
    this.journal.push({ generation: this.generationValue, changed });
    if (this.journal.length > JOURNAL_LENGTH) this.journal.shift();
    this.generationStart = new Date(this.now());
    this.entries?.clear();
    this.memos.clear();
    this.expiresAt = null;
    this.expiresAtKnown = null;
  }

  ticket(key: string): CacheTicket {
    this.expireIfDue();
    return { key, generation: this.generationValue };
  }

  get(key: string): CachedResponse | undefined {
    if (!this.entries) return undefined;
    this.expireIfDue();
    return this.entries.get(key);
  }

  /**
   * Stores a response rendered under `ticket`, unless the content changed since the request started (the response
   * may show the old content) or a scheduled item became public meanwhile.
   */
  async set(ticket: CacheTicket, entry: CachedResponse): Promise<boolean> {
    if (!this.entries || ticket.generation !== this.generationValue) return false;
    const expiresAt = await this.scheduledExpiry();
    if (ticket.generation !== this.generationValue) return false;
    if (expiresAt !== null && this.now() >= expiresAt) {
      this.endGeneration([]);
      return false;
    }
    this.entries.set(ticket.key, entry);
    return true;
  }

  /**
   * A value computed once per generation (menus, social links, the order of a list), shared by every render until the
   * next change. A scheduled item's time ends the generation here too, even when no page is stored.
   */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    this.expireIfDue();
    void this.scheduledExpiry();
    const existing = this.memos.get(key) as Promise<T> | undefined;
    if (existing) return existing;
    const generation = this.generationValue;
    const value = compute();
    this.memos.set(key, value);
    // A failed read is not remembered: the next render tries again.
    value.catch(() => {
      if (this.generationValue === generation && this.memos.get(key) === value) this.memos.delete(key);
    });
    return value;
  }

  /** Bytes and entries held now (for the benchmark and tests). */
  stats(): { entries: number; bytes: number; generation: number } {
    return { entries: this.entries?.size ?? 0, bytes: this.entries?.calculatedSize ?? 0, generation: this.generationValue };
  }

  private scheduledExpiry(): Promise<number | null> {
    if (!this.expiresAt) {
      const generation = this.generationValue;
      // Scheduled items count from the generation's start: one whose time came while this response rendered
      // makes the expiry already past, so the response is not stored.
      this.expiresAt = this.options.nextScheduledChange(this.generationStart).then(
        (at) => {
          if (this.generationValue === generation) this.expiresAtKnown = at;
          return at;
        },
        () => {
          if (this.generationValue === generation) this.expiresAt = null;
          return this.now();
        },
      );
    }
    return this.expiresAt;
  }

  private expireIfDue(): void {
    if (this.expiresAtKnown !== null && this.now() >= this.expiresAtKnown) this.endGeneration([]);
  }
}
