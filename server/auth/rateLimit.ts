import type { Kysely } from 'kysely';
import { lockForDecision } from '../db/locks.js';
import type { Database } from '../db/schema.js';

/** How long hits are kept: longer than any window, so that pruning never shortens one. */
export const RATE_LIMIT_RETENTION_MS = 60 * 60 * 1000;

export interface RateLimitRule {
  /** Names the limit in the table (`login-ip`, …). */
  bucket: string;
  limit: number;
  windowMs: number;
}

/**
 * A sliding-window limit kept in the database: at most `limit` hits per key within `windowMs`, counted across
 * every process that shares the database. Keys are IP addresses or account ids, never anything taken from the
 * request body, so changing the body does not reset a limit. A hit is counted and decided in one transaction that
 * is alone on its key (an advisory lock on PostgreSQL, the write lock on SQLite), so parallel requests, on one
 * process or several, cannot all pass the last free hit.
 */
export class RateLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {
    if (rule.windowMs > RATE_LIMIT_RETENTION_MS) throw new Error(`Rate limit ${rule.bucket}: the window is longer than hits are kept`);
  }

  /** Counts one hit; answers false (and does not count it) when the key has used up its hits in the window. */
  hit(key: string): Promise<boolean> {
    const now = this.now();
    const since = new Date(now - this.rule.windowMs).toISOString();
    const { bucket, limit } = this.rule;
    const storedKey = key.slice(0, 128);
    return this.db.transaction().execute(async (trx) => {
      await lockForDecision(trx, `rate-limit:${bucket}:${storedKey}`);
      const row = await trx
        .selectFrom('rate_limit_hits')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('bucket', '=', bucket)
        .where('key', '=', storedKey)
        .where('at', '>', since)
        .executeTakeFirst();
      if (Number(row?.count ?? 0) >= limit) return false;
      await trx
        .insertInto('rate_limit_hits')
        .values({ bucket, key: storedKey, at: new Date(now).toISOString() })
        .execute();
      return true;
    });
  }
}

/** Removes hits older than every window (a periodic job). Answers how many went. */
export async function pruneRateLimitHits(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_hits')
    .where('at', '<', new Date(now - RATE_LIMIT_RETENTION_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
