import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Each answer names its request; the name joins the proxy's log, ours and the visitor's report. */
describe.each(await testDialects())('request ids on %s', (dialect) => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { build: { logger: { level: 'info', stream: { write: (line) => void lines.push(line) } } } });
  }, 60_000);
  afterAll(() => t?.close());

  const idOf = (headers: Record<string, unknown>) => headers['x-request-id'];

  it('makes a random UUID per request when none comes, different every time', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(idOf((await t.app.inject({ method: 'GET', url: '/api/health' })).headers));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(5);
  });

  it('keeps a valid incoming X-Request-Id and replaces one that could disturb a log line', async () => {
    const sent = async (id: string) => idOf((await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } })).headers);
    for (const valid of ['abc', 'f3c1e2a0-proxy.1:2@edge+x=/~', 'a'.repeat(128)]) expect(await sent(valid)).toBe(valid);
    for (const invalid of ['a'.repeat(129), 'two words', 'quote"d', 'line\\nbreak', '{"json":1}']) expect(await sent(invalid)).toMatch(UUID);
  });

  it('names each answer from the page cache by its own request, never by the one that rendered it', async () => {
    const read = (id: string) => t.app.inject({ method: 'GET', url: '/api/news/items', headers: { 'x-request-id': id } });
    const first = await read('first-request');
    const second = await read('second-request');
    expect(second.headers['cache-status']).toMatch(/hit/);
    expect([idOf(first.headers), idOf(second.headers)]).toEqual(['first-request', 'second-request']);
    const notModified = await t.app.inject({
      method: 'GET',
      url: '/api/news/items',
      headers: { 'x-request-id': 'third-request', 'if-none-match': String(second.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(idOf(notModified.headers)).toBe('third-request');
  });

  it('names errors and malformed requests too', async () => {
    expect(idOf((await t.app.inject({ method: 'GET', url: '/api/no/such/thing', headers: { 'x-request-id': 'lost-1' } })).headers)).toBe('lost-1');
    const malformed = await t.app.inject({ method: 'GET', url: '/api/news/item/%E0%A4%A', headers: { 'x-request-id': 'bad-url-1' } });
    expect(malformed.statusCode).toBe(400);
    expect(idOf(malformed.headers)).toBe('bad-url-1');
  });

  it('logs the id on the lines of its request', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'logged-request-7' } });
    const own = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string }).filter((line) => line.reqId === 'logged-request-7');
    expect(own.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });
});
