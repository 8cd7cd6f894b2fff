import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { METRICS_UNAUTHORIZED_MESSAGE } from '../../server/metrics/plugin.js';
import { enqueue } from '../../server/outbox/outbox.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { metricsWithEverySource, sampleValue, scrape } from '../helpers/metrics.js';

const TOKEN = randomBytes(32).toString('hex');
const AUTHORIZATION = { authorization: `Bearer ${TOKEN}` };

/**
 * The samples of an exposition whose labels hold `fragment` (a part of a request's address). Only labels count: a
 * sample's value may hold the same digits by chance (a heap of 184242424 bytes).
 */
const samplesLabelled = (text: string, fragment: string) =>
  text.split('\n').filter((line) => !line.startsWith('#') && /\{[^}]*\}/.exec(line)?.[0].includes(fragment));

describe.each(await testDialects())('GET /metrics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // The outbox's periodic round is pushed far out: the messages the test writes stay where they are.
    t = await createTestApp(dialect, { env: { METRICS_TOKEN: TOKEN }, build: { outboxEveryMs: 24 * 60 * 60 * 1000 } });
  });
  afterAll(() => t?.close());

  const metrics = () => scrape(t.app, TOKEN);

  it.each([
    ['without a token', {}],
    ['with a wrong token', { authorization: `Bearer ${'0'.repeat(64)}` }],
    ['with the token under another scheme', { authorization: `Basic ${TOKEN}` }],
    ['with the token cut short', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
  ])('answers 401 %s, naming the scheme it wants', async (_name, headers) => {
    const response = await t.app.inject({ url: '/metrics', headers });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(response.json()).toEqual({ message: METRICS_UNAUTHORIZED_MESSAGE });
    expect(response.body).not.toContain('process_cpu');
  });

  it('answers the Prometheus text format with every family, never from the page cache', async () => {
    const response = await t.app.inject({ url: '/metrics', headers: AUTHORIZATION });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const families = [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'http_request_duration_seconds',
      'page_cache_requests_total',
      'page_cache_renders_total',
      'db_query_duration_seconds',
      'outbox_pending_messages',
      'outbox_oldest_waiting_seconds',
      'site_version_info',
      'http_requests_in_flight',
      'page_cache_memory_bytes',
      'page_cache_evictions_total',
      'auth_sign_in_failures_total',
      'data_dir_free_bytes',
      'site_ready',
    ];
    for (const family of families) expect(response.body, family).toContain(`# TYPE ${family} `);
    // PostgreSQL's pool and the connection that hears other processes' changes are reported; SQLite has neither.
    for (const family of ['db_pool_connections_open', 'db_pool_connections_idle', 'db_pool_requests_waiting', 'page_cache_invalidation_connected']) {
      expect(response.body.includes(`# TYPE ${family} gauge`), family).toBe(dialect === 'postgres');
    }
    expect(response.body).toContain('# TYPE backup_last_success_timestamp_seconds gauge');
    expect(response.body).toContain('# TYPE backup_failures_total counter');
    expect(response.body).toContain('# TYPE backup_last_failure_timestamp_seconds gauge');
    expect(t.app.pageCache.stats().entries).toBe(0);
  });

  it('times a request by its route pattern, method and status, never by its address', async () => {
    const labels = { route: '/api/news/item/:id', method: 'GET', status_code: '404' };
    const before = sampleValue(await metrics(), 'http_request_duration_seconds_count', labels) ?? 0;
    expect((await t.app.inject({ url: '/api/news/item/424242' })).statusCode).toBe(404);
    const text = await metrics();
    expect(sampleValue(text, 'http_request_duration_seconds_count', labels)).toBe(before + 1);
    expect(sampleValue(text, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(before + 1);
    expect(samplesLabelled(text, '424242')).toEqual([]);
  });

  it('times an address no page of the site answers under one label, whatever the address', async () => {
    const labels = { route: 'unmatched', method: 'GET', status_code: '404' };
    const before = sampleValue(await metrics(), 'http_request_duration_seconds_count', labels) ?? 0;
    expect((await t.app.inject({ url: '/about-us-90210' })).statusCode).toBe(404);
    const text = await metrics();
    expect(sampleValue(text, 'http_request_duration_seconds_count', labels)).toBe(before + 1);
    expect(samplesLabelled(text, '90210')).toEqual([]);
  });

  it('gives requests no route matched one fixed label', async () => {
    const labels = { route: 'unmatched', method: 'POST', status_code: '404' };
    const before = sampleValue(await metrics(), 'http_request_duration_seconds_count', labels) ?? 0;
    expect((await t.app.inject({ method: 'POST', url: '/api/no/such/thing-31337' })).statusCode).toBe(404);
    const text = await metrics();
    expect(sampleValue(text, 'http_request_duration_seconds_count', labels)).toBe(before + 1);
    expect(samplesLabelled(text, '31337')).toEqual([]);
  });

  it('counts a public read rendered on a miss, stored, then answered from the page cache', async () => {
    const counts = (text: string) => ({
      hit: sampleValue(text, 'page_cache_requests_total', { outcome: 'hit' }),
      miss: sampleValue(text, 'page_cache_requests_total', { outcome: 'miss' }),
      renders: sampleValue(text, 'page_cache_renders_total', {}),
    });
    const before = counts(await metrics());
    expect((await t.app.inject({ url: '/api/news/items?ourPage=7' })).statusCode).toBe(200);
    // The rendered answer is stored once its compressed forms are made, just after it was sent.
    await vi.waitFor(async () => expect(counts(await metrics()).renders).toBe((before.renders ?? 0) + 1));
    expect((await t.app.inject({ url: '/api/news/items?ourPage=7' })).statusCode).toBe(200);
    expect(counts(await metrics())).toEqual({ hit: (before.hit ?? 0) + 1, miss: (before.miss ?? 0) + 1, renders: (before.renders ?? 0) + 1 });
  });

  it('times every database statement', async () => {
    const before = sampleValue(await metrics(), 'db_query_duration_seconds_count', {}) ?? 0;
    for (let i = 0; i < 3; i++) await t.app.db.selectFrom('outbox').select('id').execute();
    // The scrape itself reads the outbox once more.
    expect(sampleValue(await metrics(), 'db_query_duration_seconds_count', {})).toBeGreaterThanOrEqual(before + 3);
  });

  it("reports how PostgreSQL's pool is used, and nothing of SQLite's one connection", async () => {
    const text = await metrics();
    const open = sampleValue(text, 'db_pool_connections_open', {});
    const idle = sampleValue(text, 'db_pool_connections_idle', {});
    const waiting = sampleValue(text, 'db_pool_requests_waiting', {});
    if (dialect === 'sqlite') {
      expect([open, idle, waiting]).toEqual([undefined, undefined, undefined]);
      return;
    }
    expect(open).toBeGreaterThanOrEqual(1);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(idle).toBeLessThanOrEqual(open!);
    expect(waiting).toBe(0);
  });

  it('reports the outbox: every message not delivered, and how long the oldest due one has waited', async () => {
    const before = await metrics();
    const pending = sampleValue(before, 'outbox_pending_messages', {}) ?? 0;
    expect(sampleValue(before, 'outbox_oldest_waiting_seconds', {})).toBe(0);
    const now = Date.now();
    // A message for later waits for nothing yet; one that was due ten minutes ago has waited that long.
    await enqueue(t.app.db, 'metrics-probe', { later: true }, new Date(now), new Date(now + 60 * 60 * 1000));
    let text = await metrics();
    expect(sampleValue(text, 'outbox_pending_messages', {})).toBe(pending + 1);
    expect(sampleValue(text, 'outbox_oldest_waiting_seconds', {})).toBe(0);
    await enqueue(t.app.db, 'metrics-probe', { due: true }, new Date(now - 10 * 60 * 1000));
    text = await metrics();
    expect(sampleValue(text, 'outbox_pending_messages', {})).toBe(pending + 2);
    expect(sampleValue(text, 'outbox_oldest_waiting_seconds', {})).toBeGreaterThanOrEqual(600);
    expect(sampleValue(text, 'outbox_oldest_waiting_seconds', {})).toBeLessThan(900);
    await t.app.db.updateTable('outbox').set({ sent_at: new Date().toISOString() }).where('kind', '=', 'metrics-probe').execute();
    text = await metrics();
    expect(sampleValue(text, 'outbox_pending_messages', {})).toBe(pending);
    expect(sampleValue(text, 'outbox_oldest_waiting_seconds', {})).toBe(0);
  });

  it('reports when the last backup succeeded, from the backup status it is given, and 0 for never', async () => {
    let lastSuccess: Date | null = null;
    const app = metricsWithEverySource(t.app.outbox, TOKEN, { lastBackupSuccess: async () => lastSuccess });
    try {
      expect(sampleValue(await scrape(app, TOKEN), 'backup_last_success_timestamp_seconds', {})).toBe(0);
      lastSuccess = new Date('2026-11-28T03:00:05.000Z');
      expect(sampleValue(await scrape(app, TOKEN), 'backup_last_success_timestamp_seconds', {})).toBe(lastSuccess.getTime() / 1000);
    } finally {
      await app.close();
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('answers 404, with or without a token, and is no page of the site', async () => {
    for (const headers of [{}, AUTHORIZATION]) {
      const response = await t.app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('process_cpu');
    }
  });
});
