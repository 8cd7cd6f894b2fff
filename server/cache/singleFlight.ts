import type { CacheTicket, CachedResponse } from './pageCache.js';

interface Running {
  ticket: CacheTicket;
  answer: Promise<CachedResponse | undefined>;
  settle: (stored: CachedResponse | undefined) => void;
}

/**
 * The renders of cacheable pages running in this process, one per key: requests for a page being rendered wait for
 * its answer instead of rendering it again. A render ends with its stored answer, or with nothing when it could not
 * be kept (an error, an answer not for every visitor, or content that changed while it rendered).
 */
export class SingleFlight {
  private readonly running = new Map<string, Running>();

  /** The answer of the render running for `key`, if one is. */
  of(key: string): Promise<CachedResponse | undefined> | undefined {
    return this.running.get(key)?.answer;
  }

  /** A render begins under `ticket`; while another runs for its key, this one serves nobody else. */
  begin(ticket: CacheTicket): void {
    if (this.running.has(ticket.key)) return;
    let settle: (stored: CachedResponse | undefined) => void = () => undefined;
    const answer = new Promise<CachedResponse | undefined>((resolve) => (settle = resolve));
    this.running.set(ticket.key, { ticket, answer, settle });
  }

  /** The render under `ticket` ended (called again later, it does nothing). */
  end(ticket: CacheTicket, stored?: CachedResponse): void {
    const running = this.running.get(ticket.key);
    if (running?.ticket !== ticket) return;
    this.running.delete(ticket.key);
    running.settle(stored);
  }
}
