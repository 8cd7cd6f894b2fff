import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { postForm } from './admin-helpers.js';

const SITE = 'https://www.example.test';
const FILE_SIZE = 3;

/**
 * The sitemap at scale, on every dialect, with files of 3 addresses instead of 50,000: `/sitemap.xml` is an index of
 * the fixed pages' file and of each resource's files (visible records by fixed ranges of ids, `SITEMAP_MAX_URLS` ids a
 * file), each with the last change of its records; the documents are built once and again only after a content
 * change, and then only those the change can have touched. The page cache is off here, so that what is shown is the
 * sitemap's own keeping, not stored responses.
 */
describe.each(await testDialects())('the sitemap on %s', (dialect) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof userWithToken>>;
  const added: { id: number; slug: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SITEMAP_MAX_URLS: String(FILE_SIZE), PUBLIC_URL: SITE, PAGE_CACHE_MB: '0' } });
    user = await userWithToken(t.app, 'USER');
    for (let index = 1; index <= 7; index++) added.push(await addNews(`Новость номер ${index}`, `novost-${index}`));
    await addNews('Черновик', 'chernovik', { published: 0 });
  }, 240_000);
  afterAll(() => t?.close());

  async function addNews(title: string, slug: string, extra: Record<string, string | number> = {}) {
    const response = await postForm(t.app, '/api/admin/news/add', user.headers, {
      title,
      slug,
      lead: 'Анонс',
      content: '<p>Текст</p>',
      public_at: daysAgo(1),
      ...extra,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: number; slug: string };
  }
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const indexFiles = async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    return [
      ...index.body.matchAll(/<sitemap><loc>https:\/\/www\.example\.test(\/sitemaps\/[a-z-]+-\d+\.xml)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/sitemap>/g),
    ].map((match) => ({ path: match[1] ?? '', lastmod: match[2] ?? null }));
  };
  const locsOf = async (path: string) => {
    const file = await get(path);
    expect(file.statusCode, path).toBe(200);
    expect(file.headers['content-type']).toMatch(/application\/xml/);
    return [...file.body.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
  };
  const updatedAt = async (id: number) => (await t.app.db.selectFrom('news').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at;

  it('is an index of files of at most SITEMAP_MAX_URLS addresses: seven visible news make three files, the draft none', async () => {
    const files = await indexFiles();
    expect(files.map((file) => file.path)).toEqual(['/sitemaps/pages-1.xml', '/sitemaps/news-1.xml', '/sitemaps/news-2.xml', '/sitemaps/news-3.xml']);
    const news: string[] = [];
    for (const path of ['/sitemaps/news-1.xml', '/sitemaps/news-2.xml', '/sitemaps/news-3.xml']) {
      const locs = await locsOf(path);
      expect(locs.length, path).toBeLessThanOrEqual(FILE_SIZE);
      news.push(...locs);
    }
    expect(news).toEqual(added.map((item) => `${SITE}/news/${item.slug}`));
    expect(await locsOf('/sitemaps/pages-1.xml')).toContain(`${SITE}/news`);
    for (const missing of ['/sitemaps/news-4.xml', '/sitemaps/news-0.xml', '/sitemaps/media-our-1.xml', '/sitemaps/nothing-1.xml', '/sitemap-1.xml']) {
      expect((await get(missing)).statusCode, missing).toBe(404);
    }
  });

  it('gives each file the last change of its records', async () => {
    const files = await indexFiles();
    const last = files.find((file) => file.path === '/sitemaps/news-3.xml');
    expect(last?.lastmod).toBe(new Date(await updatedAt(added[6]?.id ?? 0)).toISOString());
    expect(files.find((file) => file.path === '/sitemaps/pages-1.xml')?.lastmod).toBeNull();
  });

  it('is built again after a change, and only then', async () => {
    const [first] = added;
    if (!first) throw new Error('no news');
    expect(await locsOf('/sitemaps/news-1.xml')).toContain(`${SITE}/news/novost-1`);
    // A change made behind the write path's back is not seen: the documents are kept until the content changes.
    await t.app.db.updateTable('news').set({ slug: 'tikho-izmenyon' }).where('id', '=', first.id).execute();
    expect(await locsOf('/sitemaps/news-1.xml')).toContain(`${SITE}/news/novost-1`);

    const renamed = await postForm(t.app, `/api/admin/news/update/${first.id}`, user.headers, { slug: 'pereimenovana' });
    expect(renamed.statusCode).toBe(200);
    expect(await locsOf('/sitemaps/news-1.xml')).toContain(`${SITE}/news/pereimenovana`);
    const files = await indexFiles();
    expect(files.find((file) => file.path === '/sitemaps/news-1.xml')?.lastmod).toBe(new Date(await updatedAt(first.id)).toISOString());

    const eighth = await addNews('Новость номер 8', 'novost-8');
    expect(await locsOf('/sitemaps/news-3.xml')).toEqual([`${SITE}/news/novost-7`, `${SITE}/news/novost-8`]);
    const removed = await t.app.inject({ method: 'POST', url: `/api/admin/news/remove/${eighth.id}`, headers: user.headers });
    expect(removed.statusCode).toBe(200);
    expect(await locsOf('/sitemaps/news-3.xml')).toEqual([`${SITE}/news/novost-7`]);
  });

  it('splits by fixed ranges of ids: a hidden record leaves its file shorter and the others as they were, an empty range has no file', async () => {
    const [first, second, third, fourth, fifth, sixth] = added;
    if (!first || !second || !third || !fourth || !fifth || !sixth) throw new Error('no news');
    for (const item of [fourth, fifth, sixth]) {
      expect((await postForm(t.app, `/api/admin/news/update/${item.id}`, user.headers, { published: 0 })).statusCode).toBe(200);
    }
    expect((await indexFiles()).map((file) => file.path)).toEqual(['/sitemaps/pages-1.xml', '/sitemaps/news-1.xml', '/sitemaps/news-3.xml']);
    expect((await get('/sitemaps/news-2.xml')).statusCode).toBe(404);
    expect(await locsOf('/sitemaps/news-3.xml')).toEqual([`${SITE}/news/novost-7`]);

    expect((await postForm(t.app, `/api/admin/news/update/${second.id}`, user.headers, { published: 0 })).statusCode).toBe(200);
    expect(await locsOf('/sitemaps/news-1.xml')).toEqual([`${SITE}/news/pereimenovana`, `${SITE}/news/novost-3`]);
    const files = await indexFiles();
    const latest = [await updatedAt(first.id), await updatedAt(third.id)]
      .map((at) => new Date(at).toISOString())
      .sort()
      .at(-1);
    expect(files.find((file) => file.path === '/sitemaps/news-1.xml')?.lastmod).toBe(latest);
    for (const item of [second, fourth, fifth, sixth]) {
      expect((await postForm(t.app, `/api/admin/news/update/${item.id}`, user.headers, { published: 1 })).statusCode).toBe(200);
    }
    expect((await indexFiles()).map((file) => file.path)).toEqual([
      '/sitemaps/pages-1.xml',
      '/sitemaps/news-1.xml',
      '/sitemaps/news-2.xml',
      '/sitemaps/news-3.xml',
    ]);
  });

  it("after a write reads again only the written record's file, and everything after a change not known record by record", async () => {
    const [first, , , , , , seventh] = added;
    if (!first || !seventh) throw new Error('no news');
    await t.app.db.updateTable('news').set({ slug: 'tikho-v-tretyem' }).where('id', '=', seventh.id).execute();
    expect((await postForm(t.app, `/api/admin/news/update/${first.id}`, user.headers, { slug: 'snova-pereimenovana' })).statusCode).toBe(200);
    expect(await locsOf('/sitemaps/news-1.xml')).toContain(`${SITE}/news/snova-pereimenovana`);
    // The third file holds no written record: it is kept as it was, the quiet change unseen.
    expect(await locsOf('/sitemaps/news-3.xml')).toEqual([`${SITE}/news/novost-7`]);

    // As when another process announces a change: which records changed is not known, so every file is read again.
    await t.app.pageCache.invalidate({ fromPeer: true });
    expect(await locsOf('/sitemaps/news-3.xml')).toEqual([`${SITE}/news/tikho-v-tretyem`]);
  });

  it('lists a scheduled item once its time comes, without a write', async () => {
    const everyAddress = async () => (await Promise.all((await indexFiles()).map((file) => locsOf(file.path)))).flat();
    const at = Date.now() + 1500;
    await addNews('Запланированная', 'zaplanirovannaya', { public_at: new Date(at).toISOString() });
    expect(await everyAddress()).not.toContain(`${SITE}/news/zaplanirovannaya`);
    // Asked again and again, as search engines do, until the moment has come.
    await expect.poll(everyAddress).toContain(`${SITE}/news/zaplanirovannaya`);
    expect(Date.now()).toBeGreaterThanOrEqual(at);
  });
});
