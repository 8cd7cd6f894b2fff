/**
 * A small in-memory sliding-window limiter: at most `limit` hits per key within `windowMs`. Keys are IP addresses
 * or account ids, never anything taken from the request body, so changing the body does not reset a limit.
 * Memory stays bounded: at most `maxKeys` keys, the stalest dropped first.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxKeys = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.hits.get(key) ?? []).filter((time) => time > since);
    if (kept.length === 0) this.hits.delete(key);
    else this.hits.set(key, kept);
    return kept;
  }

  /** True when the key has used up its hits in the current window. */
  isLimited(key: string): boolean {
    return this.recent(key).length >= this.limit;
  }

  /** Counts one hit; answers false (and does not count it) when the key is already over the limit. */
  hit(key: string): boolean {
    const recent = this.recent(key);
    if (recent.length >= this.limit) return false;
    this.hits.delete(key);
    this.hits.set(key, [...recent, this.now()]);
    this.prune();
    return true;
  }

  private prune(): void {
    if (this.hits.size <= this.maxKeys) return;
    for (const key of this.hits.keys()) {
      if (this.hits.size <= this.maxKeys) break;
      this.hits.delete(key);
    }
  }
}
