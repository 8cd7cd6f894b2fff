import { benchApp, measure } from './harness.js';

/**
 * Public reads on SQLite with the demo content, through Fastify's inject (no socket), one request at a time.
 * Shows that counting a read costs an item read nothing measurable: compare the item read with the list reads,
 * and the separate flush time of the batched counter.
 */
export async function benchReads(): Promise<void> {
  const { app, close } = await benchApp({ seedDemo: true });
  try {
    const get = (url: string) => app.inject({ method: 'GET', url });
    const N = 2000;
    console.log(`\nPublic reads (SQLite, demo content, ${N} sequential requests each)`);
    await measure('GET /api/news/items', N, () => get('/api/news/items'));
    await measure('GET /api/media/items (three pages + reads)', N, () => get('/api/media/items?ourPage=1&otherPage=1&videoPage=1'));
    await measure('GET /api/media/main-items', N, () => get('/api/media/main-items'));
    await measure('GET /api/media/item/{id} (counts a read)', N, (i) => get(`/api/media/item/${(i % 10) + 1}`));
    const flushStart = performance.now();
    await app.views.flush();
    console.log(`flush of ${N} counted reads into 10 rows: ${(performance.now() - flushStart).toFixed(1)} ms`);
    await measure('GET /api/photobank/logos', N, () => get('/api/photobank/logos'));
  } finally {
    await close();
  }
}
