import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { MAX_KEY_LENGTH } from '../../server/cache/pageCache.js';
import type { CachedResponse } from '../../server/cache/pageCache.js';
import { SEARCH_QUERY_MAX } from '../../lib/search.js';

/**
 * The page cache's memory setting bounds what the cache really holds: each entry counts its bodies in every coding,
 * its headers, its key and the structures around it, and holds no more memory than that (no compressor's block or
 * shared pool behind a small body). Search answers are the case: each query string is an entry of its own.
 */

/** A quarter of a megabyte: a few hundred search answers fill it. */
const CACHE_MB = 0.25;
const CACHE_BYTES = CACHE_MB * 1024 * 1024;

/** What an entry holds at the least, as anyone can count it: every body, every header's name and value, the key. */
function plainBytes(key: string, entry: CachedResponse): number {
  let bytes = Buffer.byteLength(key);
  for (const variant of [entry.identity, entry.gzip, entry.br]) {
    bytes += variant.body.length;
    for (const [name, value] of Object.entries(variant.headers)) bytes += Buffer.byteLength(name) + Buffer.byteLength(value);
  }
  return bytes;
}

describe.each(await testDialects())('page cache memory on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { PAGE_CACHE_MB: String(CACHE_MB) } });
  }, 240_000);
  afterAll(() => t?.close());

  /** A search by an ASCII word: its cache key is its address as written. */
  const search = (q: string) => t.app.inject({ method: 'GET', url: `/api/search?q=${q}`, headers: { 'accept-encoding': 'br' } });
  const stored = (key: string) => expect.poll(() => t.app.pageCache.get(key) !== undefined).toBe(true);

  it('counts at least the bodies in every coding, the headers and the key of an entry, and holds no more than it counts', async () => {
    await t.app.pageCache.invalidate();
    // The longest search there is, in Cyrillic: its key costs more than its answer.
    const q = encodeURIComponent('я'.repeat(Math.min(SEARCH_QUERY_MAX, Math.floor((MAX_KEY_LENGTH - 20) / 6))));
    const key = `/api/search?q=${q}`;
    expect((await search(q)).statusCode).toBe(200);
    await stored(key);
    const entry = t.app.pageCache.get(key);
    if (!entry) throw new Error('not stored');
    const { entries, bytes } = t.app.pageCache.stats();
    expect(entries).toBe(1);
    expect(bytes).toBeGreaterThanOrEqual(plainBytes(key, entry));
    // The three bodies share one block of exactly their size: a slice of a bigger block would keep all of it alive.
    const bodies = entry.identity.body.length + entry.gzip.body.length + entry.br.body.length;
    for (const variant of [entry.identity, entry.gzip, entry.br]) expect(variant.body.buffer.byteLength).toBe(bodies);
  });

  it('keeps what it really holds within the setting, however many unique searches fill it', async () => {
    await t.app.pageCache.invalidate();
    const keys: string[] = [];
    for (let i = 0; i < 400; i++) {
      const key = `/api/search?q=word${i}`;
      keys.push(key);
      expect((await search(`word${i}`)).statusCode).toBe(200);
    }
    await stored(keys.at(-1) ?? '');
    const { entries, bytes } = t.app.pageCache.stats();
    expect(bytes).toBeLessThanOrEqual(CACHE_BYTES);
    // Less recently used answers were dropped to make room: the cache is full, not empty.
    expect(entries).toBeGreaterThan(10);
    expect(entries).toBeLessThan(keys.length);
    let held = 0;
    let found = 0;
    for (const key of keys) {
      const entry = t.app.pageCache.get(key);
      if (!entry) continue;
      found++;
      held += plainBytes(key, entry);
    }
    expect(found).toBe(entries);
    expect(held).toBeLessThanOrEqual(bytes);
  });

  it('renders an answer whose address is longer than a stored key may be every time, never storing it', async () => {
    await t.app.pageCache.invalidate();
    // Cyrillic letters are six characters each in the address.
    const q = encodeURIComponent('я'.repeat(Math.ceil(MAX_KEY_LENGTH / 6)));
    expect(Math.ceil(MAX_KEY_LENGTH / 6)).toBeLessThanOrEqual(SEARCH_QUERY_MAX);
    const first = await search(q);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-status']).not.toMatch(/stored/);
    const second = await search(q);
    expect(second.headers['cache-status']).toMatch(/fwd=miss/);
    expect(t.app.pageCache.stats().entries).toBe(0);
  });
});
