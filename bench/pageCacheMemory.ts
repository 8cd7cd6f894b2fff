import { benchApp } from './harness.js';

// The process's memory with the page cache full of search answers: unique `/api/search?q=` requests through
// inject, with the cache's own count beside the heap and RSS growth. Run with --expose-gc so that the numbers are
// taken after a full collection: `node --expose-gc --import tsx bench/pageCacheMemory.ts [requests] [MB]`;
// on PostgreSQL with DATABASE_URL set to an empty database.

const dialect = process.env.DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';
const requests = Number(process.argv[2] ?? 12_000);
const megabytes = process.argv[3] ?? '64';

const collect = (): void => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) for (let round = 0; round < 3; round++) gc();
};
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);

const site = await benchApp({
  seedDemo: false,
  env: { PAGE_CACHE_MB: megabytes, ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) },
});
const { app } = site;
const ask = (q: string) => app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers: { 'accept-encoding': 'br' } });
// Warm the code paths before the first measure.
for (let i = 0; i < 200; i++) await ask(`прогрев ${i}`);
await app.pageCache.invalidate();
collect();
const before = process.memoryUsage();
let bodies = 0;
for (let i = 0; i < requests; i++) {
  const reply = await ask(`новости ${i} компания`);
  bodies += reply.rawPayload.length;
}
collect();
const after = process.memoryUsage();
const stats = app.pageCache.stats();
const perEntry = (bytes: number) => (stats.entries ? (bytes / stats.entries).toFixed(0) : '-');
console.log(`${dialect}, PAGE_CACHE_MB=${megabytes}, ${requests} unique searches, ${stats.entries} entries kept`);
console.log(`counted by the cache: ${mb(stats.bytes)} MB (${perEntry(stats.bytes)} B an entry); Brotli answers sent: ${(bodies / requests).toFixed(0)} B each`);
console.log(`RSS ${mb(before.rss)} → ${mb(after.rss)} MB (+${mb(after.rss - before.rss)}, ${perEntry(after.rss - before.rss)} B an entry)`);
console.log(
  `heap used ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB (+${mb(after.heapUsed - before.heapUsed)}); heap reserved ${mb(before.heapTotal)} → ${mb(after.heapTotal)} MB`,
);
console.log(`array buffers ${mb(before.arrayBuffers)} → ${mb(after.arrayBuffers)} MB (+${mb(after.arrayBuffers - before.arrayBuffers)})`);
console.log(`heap + buffers grew ${perEntry(after.heapUsed - before.heapUsed + after.arrayBuffers - before.arrayBuffers)} B an entry`);
await site.close();
