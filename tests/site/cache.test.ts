import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { typesetText } from '../../server/content/typography.js';
import { PREFETCH_HEADERS } from '../../lib/site.js';
import { ensureSiteBuilt } from './server.js';

/**
 * The page cache: rendered pages and public JSON reads are answered from memory until a write, and a visitor never
 * sees a stale page after the writer's response. Runs on every dialect with the demo content and the built site.
 */
describe.each(await testDialects())('page cache on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect, { seedDemo: true });
    // A public route that sets a cookie: its answers must never be stored.
    t.app.get('/api/test-cookie', async (_request, reply) => reply.header('set-cookie', 'a=1; Path=/').send({ data: Date.now() }));
    headers = (await userWithToken(t.app, 'USER')).headers;
  }, 240_000);
  afterAll(() => t?.close());

  const get = (url: string, extra: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: extra });
  const addNews = async (fields: Record<string, string>) => {
    const response = await postForm(t.app, '/api/admin/news/add', headers, fields);
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: { id: number; slug: string } }).data;
  };
  const until = (condition: () => boolean) => expect.poll(condition).toBe(true);
  /** Renders a page twice, so that the second answer comes from the cache. */
  const warm = async (...urls: string[]) => {
    for (const url of urls) {
      await get(url);
      await get(url);
    }
  };

  it('serves a page from the cache: the same bytes, compressed, with an ETag that answers 304', async () => {
    const first = await get('/news');
    // Storing waits for the generation's next scheduled time (one query), after the answer went out.
    await until(() => t.app.pageCache.stats().entries > 0);
    const entries = t.app.pageCache.stats().entries;
    const second = await get('/news');
    expect(second.body).toBe(first.body);
    expect(t.app.pageCache.stats().entries).toBe(entries);
    const etag = second.headers.etag;
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers.vary).toBe('Accept-Encoding');

    const notModified = await get('/news', { 'if-none-match': String(etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);

    const br = await t.app.inject({ method: 'GET', url: '/news', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gzip = await t.app.inject({ method: 'GET', url: '/news', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
  });

  it('public JSON reads are cached and revalidated too', async () => {
    const first = await get('/api/news/main-items?page=1');
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect((await get('/api/news/main-items?page=1', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('a cached page keeps a CSP that allows its inline scripts by hash (no per-response nonce)', async () => {
    await warm('/');
    const [a, b] = [await get('/'), await get('/')];
    const csp = String(a.headers['content-security-policy']);
    expect(csp).toBe(String(b.headers['content-security-policy']));
    expect(csp).not.toContain('nonce-');
    const inline = [...a.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });

  it('a news item added in the admin is on / and /news on the very next request; an update shows; a removal is gone', async () => {
    await warm('/', '/news');
    const added = await addNews({ title: 'Свежая новость о запуске', public_at: new Date(Date.now() - 1000).toISOString(), content: '<p>Первый текст</p>' });
    expect((await get('/')).body).toContain(typesetText('Свежая новость о запуске'));
    expect((await get('/news')).body).toContain(typesetText('Свежая новость о запуске'));

    await warm(`/news/${added.slug}`);
    const updated = await postForm(t.app, `/api/admin/news/update/${added.id}`, headers, { content: '<p>Исправленный текст</p>' });
    expect(updated.statusCode).toBe(200);
    const page = await get(`/news/${added.slug}`);
    expect(page.body).toContain('Исправленный текст');
    expect(page.body).not.toContain('Первый текст');

    await warm('/', '/news');
    const removed = await t.app.inject({ method: 'POST', url: `/api/admin/news/remove/${added.id}`, headers });
    expect(removed.statusCode).toBe(200);
    expect((await get('/')).body).not.toContain(typesetText('Свежая новость о запуске'));
    expect((await get('/news')).body).not.toContain(typesetText('Свежая новость о запуске'));
    expect((await get(`/news/${added.slug}`)).statusCode).toBe(404);
  });

  it("a save ends the saved article's page, not another article's page", async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const saved = await addNews({ title: 'Новость, которую правят', public_at: past, content: '<p>Было</p>' });
    const other = await addNews({ title: 'Новость, которую не трогают', public_at: past, content: '<p>Рядом</p>' });
    // The first render after a change looks up the content's schedule; that lookup is not the article's read.
    await warm(`/news/${other.slug}`, `/news/${saved.slug}`);
    await until(() => [saved, other].every((item) => t.app.pageCache.get(`/news/${item.slug}`) !== undefined));
    const otherStored = t.app.pageCache.get(`/news/${other.slug}`);

    const updated = await postForm(t.app, `/api/admin/news/update/${saved.id}`, headers, { content: '<p>Стало</p>' });
    expect(updated.statusCode).toBe(200);
    expect((await get(`/news/${saved.slug}`)).body).toContain('Стало');
    // The untouched article is still the very answer stored before the save.
    expect(t.app.pageCache.get(`/news/${other.slug}`)).toBe(otherStored);
    expect((await get(`/news/${other.slug}`)).headers['cache-status']).toMatch(/hit/);
  });

  it('a scheduled item appears when its time comes, without a write', async () => {
    const at = Date.now() + 1500;
    await addNews({ title: 'Запланированная новость дня', public_at: new Date(at).toISOString() });
    await warm('/', '/news');
    expect((await get('/')).body).not.toContain('Запланированная новость дня');
    // Asked again and again, as visitors do: the cached page ends once the moment has come.
    await expect.poll(async () => (await get('/')).body).toContain('Запланированная новость дня');
    expect(Date.now()).toBeGreaterThanOrEqual(at);
    expect((await get('/news')).body).toContain('Запланированная новость дня');
  });

  it('an article answered from the cache still counts its read', async () => {
    const added = await addNews({ title: 'Новость для подсчёта', public_at: new Date(Date.now() - 1000).toISOString() });
    await t.app.views.flush();
    for (let i = 0; i < 3; i++) expect((await get(`/news/${added.slug}`)).statusCode).toBe(200);
    await t.app.views.flush();
    const row = await t.app.db.selectFrom('news').select('views').where('id', '=', added.id).executeTakeFirstOrThrow();
    expect(Number(row.views)).toBe(3);
  });

  it('an article visitors read is rendered again in the background after its save, and that render counts no read', async () => {
    const added = await addNews({ title: 'Новость, которую читают и правят', public_at: new Date(Date.now() - 1000).toISOString(), content: '<p>Было</p>' });
    const url = `/news/${added.slug}`;
    await warm(url);
    const updated = await postForm(t.app, `/api/admin/news/update/${added.id}`, headers, { content: '<p>Стало</p>' });
    expect(updated.statusCode).toBe(200);
    // No visitor asks for it, yet it is stored again: the warmer rendered it.
    await expect.poll(() => t.app.pageCache.get(url) !== undefined, { timeout: 20_000 }).toBe(true);
    const visit = await get(url);
    expect(visit.headers['cache-status']).toMatch(/hit/);
    expect(visit.body).toContain('Стало');
    await t.app.views.flush();
    const row = await t.app.db.selectFrom('news').select('views').where('id', '=', added.id).executeTakeFirstOrThrow();
    expect(Number(row.views)).toBe(3);
  });

  it('a prefetch of an article counts no read, rendered or answered from the cache; the visit that follows does', async () => {
    const added = await addNews({ title: 'Новость, которую предзагрузили', public_at: new Date(Date.now() - 1000).toISOString() });
    const views = async () => {
      await t.app.views.flush();
      return Number((await t.app.db.selectFrom('news').select('views').where('id', '=', added.id).executeTakeFirstOrThrow()).views);
    };
    expect(await views()).toBe(0);
    const rendered = await get(`/news/${added.slug}`, PREFETCH_HEADERS);
    expect(rendered.headers['cache-status']).toMatch(/miss/);
    expect((await get(`/news/${added.slug}`, PREFETCH_HEADERS)).headers['cache-status']).toMatch(/hit/);
    expect((await get(`/news/${added.slug}`, { 'sec-purpose': 'prefetch;prerender' })).headers['cache-status']).toMatch(/hit/);
    expect(await views()).toBe(0);
    const visit = await get(`/news/${added.slug}`, { 'if-none-match': String(rendered.headers.etag) });
    expect(visit.statusCode).toBe(304);
    expect(await views()).toBe(1);
  });

  // Asked about by address: after a change the warmer may be rendering other pages visitors asked for earlier.
  it('never stores responses that set a cookie, admin reads or admin pages', async () => {
    const cookie = await get('/api/test-cookie');
    expect(cookie.headers['set-cookie']).toBeDefined();
    expect((await get('/api/test-cookie')).headers['set-cookie']).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/news', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/news', headers })).statusCode).toBe(200);
    expect((await get('/admin')).statusCode).toBe(200);
    expect((await get('/admin')).statusCode).toBe(200);
    // A page asked for last is stored after the answers above would have been.
    await get('/karera');
    await until(() => t.app.pageCache.get('/karera') !== undefined);
    expect(t.app.pageCache.get('/api/admin/news')).toBeUndefined();
    expect(t.app.pageCache.get('/admin')).toBeUndefined();
    expect(t.app.pageCache.get('/api/test-cookie')).toBeUndefined();
  });
});
