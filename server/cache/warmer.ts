import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** Only pages visitors asked for in this span are rendered again after a change. */
const RECENT_MS = 5 * 60 * 1000;
/** Addresses remembered as recently asked for, and pages rendered again after one change, at most. */
const RECENT_MAX = 2000;
const QUEUE_MAX = 50;

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
 * between two saves cost nothing. `render` makes one request through the whole server (it then goes through the
 * page cache like any visitor's, with `WARM_HEADER` set to `token`).
 */
export class Warmer {
  readonly token = randomUUID();
  private readonly recent = new LRUCache<string, Asked>({ max: RECENT_MAX });
  private readonly queue = new Set<string>();
  private running = false;
  private stopped = false;

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

  isWarming(header: string | string[] | undefined): boolean {
    return header === this.token;
  }

  /** Pages a change ended: those asked for recently, and since the warmer last rendered them, are rendered again. */
  ended(keys: string[]): void {
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
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (const key of this.queue) {
        this.queue.delete(key);
        if (this.stopped) break;
        await this.render(key, { [WARM_HEADER]: this.token }).catch((error: unknown) =>
          this.log.warn({ err: error, url: key }, 'page cache: could not render again'),
        );
      }
    } finally {
      this.running = false;
    }
  }
}
