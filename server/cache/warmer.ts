import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** Only pages visitors asked for in this span are rendered again after a change. */
const RECENT_MS = 5 * 60 * 1000;
/** Addresses remembered as recently asked for, and pages rendered again after one change, at most. */
const RECENT_MAX = 2000;
const QUEUE_MAX = 50;
/** How long a render waits for the writes in progress to answer, at most (an upload may take minutes). */
const WRITES_WAIT_MS = 1000;

/** The header by which a render made by the warmer is known (its value is this process's secret token). */
export const WARM_HEADER = 'x-page-cache-warm';

interface WarmerLog {
  warn: (object: object, message: string) => void;
}

/** When a visitor last asked for an address, and whether one did since the warmer last rendered it again. */
interface Asked {
  at: number;
  sinceWarmed: boolean;
}

/**
 * Renders again, in the background and one at a time, the cached pages a change ended that visitors asked for in
 * the last minutes, so that the next visitor rarely waits for a render. A page is rendered again only if a visitor
 * asked for it since its last render by the warmer: then the warmer never renders a page more often than visitors
 * read it, however many saves end it (a bulk import, a newsroom saving every second), and the pages nobody reads
 * between two saves cost nothing. Each render waits until the writes in progress have answered (a second at most),
 * so that the editor whose save ended the pages never waits for their renders. `render` makes one request through
 * the whole server (it then goes through the page cache like any visitor's, with `WARM_HEADER` set to `token`).
 */
export class Warmer {
  readonly token = randomUUID();
  private readonly recent = new LRUCache<string, Asked>({ max: RECENT_MAX });
  private readonly queue = new Set<string>();
  private running = false;
  private stopped = false;
  /** The writes in progress, by when each began. */
  private readonly writes = new Set<{ at: number }>();
  private readonly writesAnswered = new Set<() => void>();

  constructor(
    private readonly render: (key: string, headers: Record<string, string>) => Promise<unknown>,
    private readonly log: WarmerLog,
    private readonly now: () => number = Date.now,
  ) {}

  /** A visitor asked for this address (not the warmer itself). */
  requested(key: string): void {
    const asked = this.recent.get(key);
    if (!asked) this.recent.set(key, { at: this.now(), sinceWarmed: true });
    else {
      // Updated in place: this runs on every answer from the cache.
      asked.at = this.now();
      asked.sinceWarmed = true;
    }
  }

  /** A write began; the function it answers is called once its answer went out (or the client left). */
  writeStarted(): () => void {
    const write = { at: this.now() };
    this.writes.add(write);
    return () => {
      if (this.writes.delete(write) && this.writes.size === 0) for (const resume of this.writesAnswered) resume();
    };
  }

  isWarming(header: string | string[] | undefined): boolean {
    return header === this.token;
  }

  /**
   * Renders a page into the cache now, as no visit: the server's start does it for the home page before it listens,
   * so that the first visitor is answered from the cache and never waits for the renderer's code to load.
   */
  async warm(key: string): Promise<void> {
    await this.render(key, { [WARM_HEADER]: this.token });
  }

  /** Pages a change ended: those asked for recently, and since the warmer last rendered them, are rendered again. */
  ended(keys: string[]): void {
    if (this.stopped) return;
    const since = this.now() - RECENT_MS;
    for (const key of keys) {
      if (this.queue.size >= QUEUE_MAX) break;
      const asked = this.recent.peek(key);
      if (!asked?.sinceWarmed || asked.at < since) continue;
      asked.sinceWarmed = false;
      this.queue.add(key);
    }
    void this.run();
  }

  stop(): void {
    this.stopped = true;
    this.queue.clear();
    for (const resume of this.writesAnswered) resume();
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (const key of this.queue) {
        this.queue.delete(key);
        await this.untilWritesAnswered();
        if (this.stopped) break;
        await this.warm(key).catch((error: unknown) => this.log.warn({ err: error, url: key }, 'page cache: could not render again'));
      }
    } finally {
      this.running = false;
    }
  }

  private untilWritesAnswered(): Promise<void> {
    // A write that began more than the wait ago holds no render: a long upload, or one whose end was never told.
    const since = this.now() - WRITES_WAIT_MS;
    for (const write of this.writes) if (write.at < since) this.writes.delete(write);
    if (this.writes.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const resume = () => {
        clearTimeout(timer);
        this.writesAnswered.delete(resume);
        resolve();
      };
      const timer = setTimeout(resume, WRITES_WAIT_MS).unref();
      this.writesAnswered.add(resume);
    });
  }
}
