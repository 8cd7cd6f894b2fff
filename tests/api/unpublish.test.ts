import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo, insertArticle, insertPress, insertVideo } from '../helpers/fixtures.js';
import { ensureSiteBuilt } from '../site/server.js';
import { postForm } from './admin-helpers.js';
import { wholeSitemap } from '../helpers/sitemap.js';
import { typesetText } from '../../server/content/typography.js';

interface Added {
  id: number;
  slug: string;
  unpublish_at: string | null;
}

const NOT_AFTER = 'Дата окончания должна быть позже даты начала.';

/**
 * Scheduled withdrawal: an item whose `unpublish_at` has come leaves every public page, list, feed, the sitemap and
 * the search, and a cached page lets it go at that moment without a write; the withdrawal must come after the
 * publication.
 */
describe.each(await testDialects())('scheduled withdrawal on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect);
    headers = (await userWithToken(t.app, 'USER')).headers;
  }, 240_000);
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const addNews = async (fields: Record<string, string>) => {
    const response = await postForm(t.app, '/api/admin/news/add', headers, fields);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Added }).data;
  };
  const newsIds = async () => ((await get('/api/news/items')).json() as { data: { items: { id: number }[] } }).data.items.map((item) => item.id);
  const foundIds = async (q: string) =>
    ((await get(`/api/search?q=${encodeURIComponent(q)}`)).json() as { data: { items: { id: number }[] } }).data.items.map((item) => item.id);
  /** Renders a page twice, so that the second answer comes from the cache. */
  const warm = async (...urls: string[]) => {
    for (const url of urls) {
      await get(url);
      await get(url);
    }
  };

  /** Where a news item is seen: the home page, the list, its page, the JSON list, RSS, the sitemap and the search. */
  // Pages show the title as saved: typeset (non-breaking spaces after short words).
  const seenAt = async (item: Added, title: string, word: string) => ({
    home: (await get('/')).body.includes(typesetText(title)),
    list: (await get('/news')).body.includes(typesetText(title)),
    page: (await get(`/news/${item.slug}`)).statusCode,
    api: (await newsIds()).includes(item.id),
    rss: (await get('/rss.xml')).body.includes(typesetText(title)),
    sitemap: (await wholeSitemap(async (path) => (await get(path)).body)).includes(`/news/${item.slug}<`),
    search: (await foundIds(word)).includes(item.id),
  });
  const EVERYWHERE = { home: true, list: true, page: 200, api: true, rss: true, sitemap: true, search: true };
  const NOWHERE = { home: false, list: false, page: 404, api: false, rss: false, sitemap: false, search: false };

  it('a news item whose withdrawal has come is gone from every public place; one still to come stays', async () => {
    const gone = await addNews({ title: 'Снятая новость о регате', public_at: daysAgo(2), unpublish_at: daysAgo(1) });
    const kept = await addNews({ title: 'Действующая новость о марафоне', public_at: daysAgo(2), unpublish_at: daysAgo(-1) });
    expect(await seenAt(gone, 'Снятая новость о регате', 'регата')).toEqual(NOWHERE);
    expect(await seenAt(kept, 'Действующая новость о марафоне', 'марафон')).toEqual(EVERYWHERE);
    // The admin still reads the withdrawn item, with its moment.
    const admin = await t.app.inject({ url: `/api/admin/news/${gone.id}`, headers });
    expect((admin.json() as { data: Added }).data.unpublish_at).toBe(gone.unpublish_at);
  });

  it('leaves the cached pages, lists, feeds and the search when its moment passes, without a write', async () => {
    expect(t.app.pageCache.enabled).toBe(true);
    const at = Date.now() + 1500;
    const item = await addNews({ title: 'Уходящая новость о фестивале', public_at: daysAgo(1), unpublish_at: new Date(at).toISOString() });
    await warm('/', '/news', `/news/${item.slug}`, '/api/news/items', '/rss.xml', '/sitemap.xml');
    expect(await seenAt(item, 'Уходящая новость о фестивале', 'фестиваль')).toEqual(EVERYWHERE);
    // Asked again and again, as visitors do, until the moment has come: then it is gone from everywhere at once.
    await expect.poll(() => seenAt(item, 'Уходящая новость о фестивале', 'фестиваль')).toEqual(NOWHERE);
    expect(Date.now()).toBeGreaterThanOrEqual(at);
  });

  it('every other withdrawable resource leaves its lists and pages, the hand-written media reads included', async () => {
    /** Each resource twice: withdrawn yesterday, and to be withdrawn tomorrow (the control, which stays). */
    const add = async (state: 'Снят' | 'Идёт', unpublishAt: string) => {
      const dates = { public_at: daysAgo(3), unpublish_at: unpublishAt };
      await insertArticle(t.app.db, 'media_our', { title: `${state}: статья компании`, slug: `${state === 'Снят' ? 'snyata' : 'idet'}-statya`, ...dates });
      await insertPress(t.app.db, { title: `${state}: публикация в прессе`, ...dates });
      await insertVideo(t.app.db, { title: `${state}: видео`, ...dates });
      await t.app.db
        .insertInto('investor_documents')
        .values({ title: `${state}: отчёт`, category: 'disclosure', year: 2026, file: null, ...dates, published: 1, updated_at: daysAgo(1) })
        .execute();
      const vacancy = await t.app.inject({
        method: 'POST',
        url: '/api/admin/vacancies',
        headers,
        payload: { title: `${state}: вакансия`, city: 'Тверь', employment: 'full', ...dates },
      });
      expect(vacancy.statusCode, vacancy.body).toBe(200);
    };
    await add('Снят', daysAgo(1));
    await add('Идёт', daysAgo(-1));
    // Rows written outside the admin reach the site after the cache's next change.
    await t.app.pageCache.invalidate();

    const where: Record<string, string[]> = {
      'статья компании': ['/api/media/items', '/api/media/main-items', '/api/media/many-reads', '/media/nashi-novosti'],
      'публикация в прессе': ['/api/media/other-items', '/api/media/main-items', '/api/media/generals', '/media/smi-o-nas'],
      видео: ['/api/media/video-items', '/api/media/main-items', '/api/media/generals', '/media/video'],
      отчёт: ['/api/investor-documents', '/investoram/dokumenty'],
      вакансия: ['/api/vacancies', '/karera'],
    };
    for (const [what, urls] of Object.entries(where)) {
      for (const url of urls) {
        const body = (await get(url)).body;
        expect(body.includes(`Идёт: ${what}`), `the one still shown on ${url}`).toBe(true);
        expect(body.includes(`Снят: ${what}`), `the withdrawn one on ${url}`).toBe(false);
      }
    }
    expect((await get('/media/nashi-novosti/snyata-statya')).statusCode).toBe(404);
    expect((await get('/media/nashi-novosti/idet-statya')).statusCode).toBe(200);
    expect((await get('/karera/snyat-vakansiya')).statusCode).toBe(404);
    expect((await get('/karera/idyot-vakansiya')).statusCode).toBe(200);
    const sitemap = await wholeSitemap(async (path) => (await get(path)).body);
    expect(sitemap).toContain('/karera/idyot-vakansiya<');
    expect(sitemap).not.toContain('/karera/snyat-vakansiya<');
  });

  it('refuses a withdrawal not after the publication with a Russian 400, on add and on update; an empty one removes it', async () => {
    const before = await postForm(t.app, '/api/admin/news/add', headers, { title: 'Неверный срок', public_at: daysAgo(1), unpublish_at: daysAgo(2) });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({ errors: { unpublish_at: [NOT_AFTER] } });
    // One moment for both: two calls to the clock may fall a millisecond apart.
    const moment = daysAgo(1);
    const same = await postForm(t.app, '/api/admin/news/add', headers, { title: 'Неверный срок', public_at: moment, unpublish_at: moment });
    expect(same.statusCode).toBe(400);

    const item = await addNews({ title: 'Новость со сроком показа', public_at: daysAgo(1), unpublish_at: daysAgo(-2) });
    // Moving the publication past the stored withdrawal is refused too, on the withdrawal.
    const moved = await postForm(t.app, `/api/admin/news/update/${item.id}`, headers, { public_at: daysAgo(-3) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ message: expect.any(String), errors: { unpublish_at: [NOT_AFTER] } });
    const bad = await postForm(t.app, `/api/admin/news/update/${item.id}`, headers, { unpublish_at: 'завтра' });
    expect(bad.statusCode).toBe(400);

    const cleared = await postForm(t.app, `/api/admin/news/update/${item.id}`, headers, { unpublish_at: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((cleared.json() as { data: Added }).data.unpublish_at).toBeNull();

    // Plain REST takes null for none, and refuses a reversed period alike.
    const vacancy = await t.app.inject({
      method: 'POST',
      url: '/api/admin/vacancies',
      headers,
      payload: { title: 'Вакансия со сроком', city: 'Тула', employment: 'full', public_at: daysAgo(1), unpublish_at: daysAgo(5) },
    });
    expect(vacancy.statusCode).toBe(400);
    expect(vacancy.json()).toMatchObject({ errors: { unpublish_at: [NOT_AFTER] } });
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/admin/vacancies',
      headers,
      payload: { title: 'Вакансия без срока', city: 'Тула', employment: 'full', public_at: daysAgo(1), unpublish_at: null },
    });
    expect(open.statusCode, open.body).toBe(200);
    expect((open.json() as { data: Added }).data.unpublish_at).toBeNull();
  });
});
