import { randomBytes } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageCache, type CachedResponse } from '../../server/cache/pageCache.js';
import { FIXED_NEWS } from '../../server/demo/content.js';
import { installMetrics } from '../../server/metrics/plugin.js';
import { MetricsRecorder } from '../../server/metrics/recorder.js';
import type { Outbox } from '../../server/outbox/outbox.js';
import { sitePageRoute } from '../../server/metrics/routeLabel.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { sampleSum, sampleValue, scrape } from '../helpers/metrics.js';

const TOKEN = randomBytes(32).toString('hex');
const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

describe('the route label of public pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seedDemo: true, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t?.close());

  const metrics = () => scrape(t.app, TOKEN);
  const countOf = (text: string, route: string) => sampleSum(text, 'http_request_duration_seconds_count', { route, method: 'GET' });

  it('is the pattern of the page that rendered them, rendered or from the page cache, never their address', async () => {
    const [first, second] = FIXED_NEWS.map((article) => `/news/${article.slug}`);
    const before = countOf(await metrics(), '/news/:slug');
    for (const url of [first!, second!]) expect((await t.app.inject({ url })).statusCode).toBe(200);
    // Once stored, the same pages are answered by the page cache: counted under the same pattern.
    await vi.waitFor(async () => expect(t.app.pageCache.stats().entries).toBeGreaterThanOrEqual(2));
    for (const url of [first!, second!]) expect((await t.app.inject({ url })).headers['cache-status']).toContain('hit');
    const text = await metrics();
    expect(sampleValue(text, 'http_request_duration_seconds_count', { route: '/news/:slug', method: 'GET', status_code: '200' })).toBe(before + 4);
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1]));
    expect([...routes].filter((route) => route?.includes('/news/') && route !== '/news/:slug')).toEqual([]);
    for (const article of FIXED_NEWS) expect(text).not.toContain(article.slug);
  });

  it('names pages of other folders by their own pattern, the home page and lists by their address', async () => {
    expect((await t.app.inject({ url: '/' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/news' })).statusCode).toBe(200);
    const text = await metrics();
    expect(countOf(text, '/')).toBeGreaterThanOrEqual(1);
    expect(countOf(text, '/news')).toBeGreaterThanOrEqual(1);
  });

  it('gives every address no page answers one label, 404 included', async () => {
    const before = sampleValue(await metrics(), 'http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status_code: '404' }) ?? 0;
    for (const url of ['/news/no-such-article-70707', '/no-such-page-80808', '/a/b/c/d-90909', '/api/no/such-60606']) {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    }
    const text = await metrics();
    expect(sampleValue(text, 'http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status_code: '404' })).toBe(before + 4);
    for (const probe of ['70707', '80808', '90909', '60606']) expect(text).not.toContain(probe);
    expect(text).not.toMatch(/route="\/\*",method="GET",status_code="404"/);
  });

  it('turns page folders into Fastify patterns', () => {
    expect(sitePageRoute({ pageId: '/site/pages/(public)/news/@slug' })).toBe('/news/:slug');
    expect(sitePageRoute({ pageId: '/site/pages/(public)/index' })).toBe('/');
    expect(sitePageRoute({ pageId: '/site/pages/(public)/investoram/kalendar/@slug' })).toBe('/investoram/kalendar/:slug');
    expect(sitePageRoute({ pageId: '/site/pages/(public)/@identifier' })).toBe('/:identifier');
    expect(sitePageRoute({ pageId: '/site/pages/(public)/news/@slug', is404: true })).toBe('unmatched');
    expect(sitePageRoute({ pageId: '/site/pages/(public)/_error', httpResponse: { statusCode: 500 } })).toBe('/*');
    expect(sitePageRoute({ pageId: null, httpResponse: { statusCode: 500 } })).toBe('/*');
    expect(sitePageRoute({ pageId: null, httpResponse: { statusCode: 404 } })).toBe('unmatched');
  });
});

describe.each(await testDialects())('the process metrics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t?.close());

  const metrics = () => scrape(t.app, TOKEN);

  it('names the version of the running code', async () => {
    expect(sampleValue(await metrics(), 'site_version_info', { version: VERSION })).toBe(1);
  });

  it('counts the requests in flight: the scrape itself, and none once answered, page-cache hits included', async () => {
    expect(sampleValue(await metrics(), 'http_requests_in_flight', {})).toBe(1);
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/news/items?inFlight=1' });
    await Promise.all([t.app.inject({ url: '/api/news/items' }), t.app.inject({ url: '/api/no/such' })]);
    expect(sampleValue(await metrics(), 'http_requests_in_flight', {})).toBe(1);
  });

  it("reports the page cache's memory as the cache counts it", async () => {
    await t.app.inject({ url: '/api/news/items?memory=1' });
    await vi.waitFor(() => expect(t.app.pageCache.stats().bytes).toBeGreaterThan(0));
    expect(sampleValue(await metrics(), 'page_cache_memory_bytes', {})).toBe(t.app.pageCache.stats().bytes);
    expect(sampleValue(await metrics(), 'page_cache_evictions_total', {})).toBe(0);
  });

  it('counts refused sign-ins by why', async () => {
    const before = await metrics();
    const credentials = sampleValue(before, 'auth_sign_in_failures_total', { reason: 'credentials' }) ?? -1;
    expect(sampleValue(before, 'auth_sign_in_failures_total', { reason: 'rate_limited' })).toBe(0);
    const answer = await t.app.inject({ method: 'POST', url: '/api/site/login', payload: { email: TEST_ADMIN.email, password: 'not-the-password' } });
    expect(answer.statusCode).toBe(401);
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/site/login', payload: TEST_ADMIN });
    expect(signedIn.statusCode).toBe(200);
    expect(sampleValue(await metrics(), 'auth_sign_in_failures_total', { reason: 'credentials' })).toBe(credentials + 1);
  });

  it('reports the free space of DATA_DIR, read at scrape time', async () => {
    const stats = await statfs(t.config.dataDir);
    const reported = sampleValue(await metrics(), 'data_dir_free_bytes', {});
    expect(reported).toBeGreaterThan(0);
    // Other files are written meanwhile: the same within 100 MB.
    expect(Math.abs(reported! - stats.bavail * stats.bsize)).toBeLessThan(100 * 1024 * 1024);
  });

  it('reports the process ready while its database and files answer', async () => {
    expect(sampleValue(await metrics(), 'site_ready', {})).toBe(1);
  });

  it('reports the connection that hears the other processes’ changes on PostgreSQL alone, 0 while it is made again', async () => {
    if (dialect === 'sqlite') {
      expect(await metrics()).not.toContain('page_cache_invalidation_connected');
      return;
    }
    expect(sampleValue(await metrics(), 'page_cache_invalidation_connected', {})).toBe(1);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN %'`.execute(t.app.db);
    await vi.waitFor(async () => expect(sampleValue(await metrics(), 'page_cache_invalidation_connected', {})).toBe(0), { timeout: 10_000 });
    // It is made again within seconds.
    await vi.waitFor(async () => expect(sampleValue(await metrics(), 'page_cache_invalidation_connected', {})).toBe(1), { timeout: 10_000 });
  });
});

describe('the gauges read from their sources', () => {
  const response = (size: number): CachedResponse => {
    const variant = { headers: {}, body: Buffer.alloc(size, 'x') };
    return { statusCode: 200, etag: 'W/"x"', identity: variant, gzip: variant, br: variant, notModified: {}, onHit: null };
  };

  it('count the entries the page cache evicted when its memory was full, and a process not ready', async () => {
    const cache = new PageCache({ maxBytes: 64 * 1024, nextScheduledChanges: async () => [] });
    let ready = true;
    const app = Fastify({ logger: false });
    app.decorate('outbox', { backlog: async () => ({ pending: 0, oldestWaitingMs: 0 }) } as unknown as Outbox);
    installMetrics(app, new MetricsRecorder(), { token: TOKEN, poolUse: null, pageCache: () => cache.stats(), ready: async () => ready });
    try {
      expect(sampleValue(await scrape(app, TOKEN), 'page_cache_evictions_total', {})).toBe(0);
      for (let i = 0; i < 20; i++) {
        const ticket = cache.ticket(`/page-${i}`);
        ticket.reads.read.add('news');
        expect(await cache.set(ticket, response(2 * 1024))).toBe(true);
      }
      const { evictions, bytes } = cache.stats();
      expect(evictions).toBeGreaterThan(0);
      let text = await scrape(app, TOKEN);
      expect(sampleValue(text, 'page_cache_evictions_total', {})).toBe(evictions);
      expect(sampleValue(text, 'page_cache_memory_bytes', {})).toBe(bytes);
      expect(bytes).toBeLessThanOrEqual(64 * 1024);
      expect(sampleValue(text, 'site_ready', {})).toBe(1);
      ready = false;
      text = await scrape(app, TOKEN);
      expect(sampleValue(text, 'site_ready', {})).toBe(0);
      expect(sampleValue(text, 'page_cache_evictions_total', {})).toBe(evictions);
    } finally {
      await app.close();
    }
  });
});
