/**
 * How the page cache made an answer to a public read:
 * - `hit`: from the cache;
 * - `miss`: rendered by this request (`stored` tells whether the cache kept it);
 * - `collapsed`: this request waited for another request's render of the same page and got its answer;
 * - `bypass`: the cache does not take part (a request with credentials, a preview link, or the cache off).
 */
export const CACHE_OUTCOMES = ['hit', 'miss', 'collapsed', 'bypass'] as const;
export type CacheOutcome = (typeof CACHE_OUTCOMES)[number];

/** The name the site's cache gives itself in `Cache-Status` (RFC 9211). */
export const CACHE_NAME = 'corporate-site';

/** The `Cache-Status` value of an answer made this way (RFC 9211's `hit`, `fwd`, `stored`, `collapsed`). */
export function cacheStatus(outcome: CacheOutcome, stored = false): string {
  switch (outcome) {
    case 'hit':
      return `${CACHE_NAME}; hit`;
    case 'collapsed':
      return `${CACHE_NAME}; fwd=miss; collapsed`;
    case 'bypass':
      return `${CACHE_NAME}; fwd=bypass`;
    default:
      return stored ? `${CACHE_NAME}; fwd=miss; stored` : `${CACHE_NAME}; fwd=miss`;
  }
}

/** Counts of every outcome since the start, and listeners told of each (the metrics count from here). */
export class CacheOutcomes {
  readonly counts: Record<CacheOutcome, number> = { hit: 0, miss: 0, collapsed: 0, bypass: 0 };
  private readonly listeners = new Set<(outcome: CacheOutcome) => void>();

  record(outcome: CacheOutcome): void {
    this.counts[outcome]++;
    for (const listener of this.listeners) listener(outcome);
  }

  onOutcome(listener: (outcome: CacheOutcome) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
