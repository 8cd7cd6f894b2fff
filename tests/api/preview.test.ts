import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_EXPIRED_MESSAGE, PREVIEW_INVALID_MESSAGE, signPreviewLink } from '../../server/preview/links.js';
import { NO_VERSION_TO_PREVIEW_MESSAGE } from '../../server/preview/routes.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { ensureSiteBuilt } from '../site/server.js';
import { adminHeaders, postForm } from './admin-helpers.js';

const NOINDEX = '<meta name="robots" content="noindex"/>';
const BANNER = 'data-testid="preview-banner"';

/**
 * Preview links through the API and the built site on every dialect: a draft or scheduled item opens through its
 * signed link (never cached, noindex, with the banner) while its plain address stays 404; a forged or expired link
 * opens nothing.
 */
describe.each(await testDialects())('preview links on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect);
    headers = await adminHeaders(t.app, 'USER');
  }, 240_000);
  afterAll(() => t?.close());

  const addArticle = async (resource: 'news' | 'media-our', fields: Record<string, string>) => {
    const response = await postForm(t.app, `/api/admin/${resource}/add`, headers, { lead: 'Анонс', ...fields });
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: number; slug: string };
  };
  const previewOf = async (resource: string, id: number, as = headers, query = '') => {
    const response = await t.app.inject({ method: 'POST', url: `/api/admin/${resource}/preview/${id}${query}`, headers: as });
    expect(response.statusCode).toBe(200);
    return response.json().data as { url: string; expiresAt: string };
  };
  const expectPreviewHeaders = (response: { headers: Record<string, unknown> }) => {
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.headers.etag).toBeUndefined();
  };

  it("a draft's preview link answers 200 with noindex, the banner and no-store; its plain address is 404", async () => {
    const draft = await addArticle('news', { title: 'Черновик новости', content: '<p>Текст черновика</p>', public_at: daysAgo(1), published: '0' });
    expect((await t.app.inject(`/news/${draft.slug}`)).statusCode).toBe(404);

    const before = Date.now();
    const link = await previewOf('news', draft.id);
    expect(link.url).toMatch(new RegExp(`^/news/${draft.slug}\\?preview=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    // With Russian alone there is no language to ask for: the link is the Russian page's whatever is sent.
    expect((await previewOf('news', draft.id, headers, '?locale=en')).url.startsWith(`/news/${draft.slug}?preview=`)).toBe(true);
    const expires = Date.parse(link.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 3_599_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3_600_000);

    const entries = t.app.pageCache.stats().entries;
    for (let visit = 0; visit < 2; visit++) {
      const page = await t.app.inject(link.url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Текст черновика');
      expect(page.body).toContain(BANNER);
      expect(page.body).toContain('Предпросмотр');
      expect(page.body).toContain(NOINDEX);
      expectPreviewHeaders(page);
    }
    expect(t.app.pageCache.stats().entries).toBe(entries);
    // Reading a preview is no visitor's read.
    await t.app.views.flush();
    expect((await t.app.db.selectFrom('news').select('views').where('id', '=', draft.id).executeTakeFirstOrThrow()).views).toBe(0);
    // The plain address stays closed after the preview, and a published page carries no banner.
    expect((await t.app.inject(`/news/${draft.slug}`)).statusCode).toBe(404);
    const published = await addArticle('news', { title: 'Опубликованная', public_at: daysAgo(1) });
    const plain = await t.app.inject(`/news/${published.slug}`);
    expect(plain.body).not.toContain(BANNER);
    expect(plain.body).not.toContain(NOINDEX);
  });

  it('a scheduled own article opens through its link at its own address; text pages get the banner too', async () => {
    const scheduled = await addArticle('media-our', { title: 'Запланированная статья', content: '<p>Выйдет завтра</p>', public_at: daysAgo(-1) });
    expect((await t.app.inject(`/media/nashi-novosti/${scheduled.slug}`)).statusCode).toBe(404);
    const link = await previewOf('media-our', scheduled.id);
    expect(link.url.startsWith(`/media/nashi-novosti/${scheduled.slug}?preview=`)).toBe(true);
    const page = await t.app.inject(link.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Выйдет завтра');
    expect(page.body).toContain(BANNER);
    expectPreviewHeaders(page);

    const manager = await adminHeaders(t.app, 'MANAGER');
    const textPage = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/text-pages/add',
        headers: manager,
        payload: { identifier: 'otchet', section: 'investoram', title: 'Отчёт', content: '<p>Страница отчёта</p>' },
      })
    ).json().data;
    const pageLink = await previewOf('text-pages', textPage.id, manager);
    expect(pageLink.url.startsWith('/investoram/otchet?preview=')).toBe(true);
    const textPreview = await t.app.inject(pageLink.url);
    expect(textPreview.statusCode).toBe(200);
    expect(textPreview.body).toContain('Страница отчёта');
    expect(textPreview.body).toContain(BANNER);
  });

  it('a link opens only its own record: another draft stays 404 under it', async () => {
    const opened = await addArticle('news', { title: 'Открытый черновик', public_at: daysAgo(1), published: '0' });
    const closed = await addArticle('news', { title: 'Закрытый черновик', public_at: daysAgo(1), published: '0' });
    const token = (await previewOf('news', opened.id)).url.split('?')[1];
    expect((await t.app.inject(`/news/${closed.slug}?${token}`)).statusCode).toBe(404);
    // Nor does a news link open an own article of the same id.
    expect((await t.app.inject(`/media/nashi-novosti/${opened.id}?${token}`)).statusCode).toBe(404);
  });

  it('a forged, expired or session token is refused with 403 and a Russian page, never cached', async () => {
    const draft = await addArticle('news', { title: 'Для подделки', public_at: daysAgo(1), published: '0' });
    const { url } = await previewOf('news', draft.id);
    const [path, query] = url.split('?') as [string, string];
    const token = query.slice('preview='.length);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, id: claims.id + 1 })).toString('base64url');
    const session = (await userWithToken(t.app, 'MANAGER')).token;
    const refused = [
      `${path}?preview=${header}.${payload}.${signature.slice(0, -2)}xx`,
      `${path}?preview=${header}.${otherPayload}.${signature}`,
      `${path}?preview=${session}`,
      `${path}?preview=`,
      `${path}?preview=a&preview=b`,
    ];
    for (const forged of refused) {
      const page = await t.app.inject(forged);
      expect(page.statusCode).toBe(403);
      expect(page.body).toContain(PREVIEW_INVALID_MESSAGE);
      expect(page.body).not.toContain(BANNER);
      expect(page.body).toContain(NOINDEX);
      expectPreviewHeaders(page);
    }
    const expired = await signPreviewLink(t.app.config.jwtSecret, { resource: 'news', id: draft.id }, path, -10);
    const page = await t.app.inject(expired.url);
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain(PREVIEW_EXPIRED_MESSAGE);
    expectPreviewHeaders(page);
  });

  it("follows the resource's role; unknown records are 404; only resources that declare a preview have the route", async () => {
    const manager = await adminHeaders(t.app, 'MANAGER');
    const textPage = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/text-pages/add',
        headers: manager,
        payload: { identifier: 'rol', title: 'Роль', content: '<p>x</p>' },
      })
    ).json().data;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/text-pages/preview/${textPage.id}`, headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/news/preview/1` })).statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/news/preview/999999', headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Запись не найдена.');
    const press = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/media-other/add',
        headers,
        payload: { title: 'Пресса', url: 'https://example.org/p', public_at: daysAgo(1) },
      })
    ).json().data;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/media-other/preview/${press.id}`, headers })).statusCode).toBe(404);
  });
});

/**
 * With English on, `?locale=en` signs a link to the record's English page, which the link opens as the Russian one
 * opens the Russian page: a draft, a scheduled record, or an English version not finished yet.
 */
describe.each(await testDialects())('English preview links on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect, { env: { SITE_LOCALES: 'ru,en' } });
    headers = await adminHeaders(t.app, 'USER');
  }, 240_000);
  afterAll(() => t?.close());

  const addNews = async (fields: Record<string, string>, english: Record<string, string> | null) => {
    const translations: Record<string, string> = english ? { translations: JSON.stringify({ en: english }) } : {};
    const response = await postForm(t.app, '/api/admin/news/add', headers, { lead: 'Анонс', public_at: daysAgo(1), ...fields, ...translations });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number; slug: string };
  };
  const preview = (resource: string, id: number, query: string, as = headers) =>
    t.app.inject({ method: 'POST', url: `/api/admin/${resource}/preview/${id}${query}`, headers: as });
  const englishLinkOf = async (resource: string, id: number, as = headers) => {
    const response = await preview(resource, id, '?locale=en', as);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { url: string }).url;
  };
  const expectPreviewed = async (url: string, text: string) => {
    const page = await t.app.inject(url);
    expect(page.statusCode, url).toBe(200);
    expect(page.body).toContain(text);
    expect(page.body).toContain(BANNER);
    expect(page.body).toContain(NOINDEX);
    expect(page.headers['cache-control']).toBe('no-store');
  };

  it("a draft's English link opens its English page under its English slug; the Russian link stays Russian", async () => {
    const draft = await addNews(
      { title: 'Черновик', content: '<p>Русский текст</p>', published: '0' },
      { title: 'English draft', slug: 'english-draft', content: '<p>English draft text</p>' },
    );
    expect((await t.app.inject('/en/news/english-draft')).statusCode).toBe(404);
    const url = await englishLinkOf('news', draft.id);
    expect(url).toMatch(/^\/en\/news\/english-draft\?preview=[\w-]+\.[\w-]+\.[\w-]+$/);
    await expectPreviewed(url, 'English draft text');
    expect((await t.app.inject('/en/news/english-draft')).statusCode).toBe(404);

    const russian = await preview('news', draft.id, '?locale=ru');
    expect(russian.json().data.url.startsWith(`/news/${draft.slug}?preview=`)).toBe(true);
    expect((await preview('news', draft.id, '')).json().data.url.startsWith(`/news/${draft.slug}?preview=`)).toBe(true);
  });

  it('an unfinished English version opens through its link under the Russian slug, while visitors get a 404', async () => {
    const published = await addNews({ title: 'Опубликованная новость', content: '<p>Русский</p>' }, { content: '<p>Half translated</p>' });
    expect((await t.app.inject(`/en/news/${published.slug}`)).statusCode).toBe(404);
    const url = await englishLinkOf('news', published.id);
    expect(url.startsWith(`/en/news/${published.slug}?preview=`)).toBe(true);
    await expectPreviewed(url, 'Half translated');
    // The link opens only its own record's unfinished version.
    const other = await addNews({ title: 'Другая новость' }, { content: '<p>Other half</p>' });
    expect((await t.app.inject(`/en/news/${other.slug}?${url.split('?')[1]}`)).statusCode).toBe(404);
  });

  it('a scheduled record opens in English; a text page without an English version opens in Russian under its English address', async () => {
    const scheduled = await addNews({ title: 'Запланированная', public_at: daysAgo(-1) }, { title: 'Scheduled in English', content: '<p>Coming tomorrow</p>' });
    await expectPreviewed(await englishLinkOf('news', scheduled.id), 'Coming tomorrow');

    const manager = await adminHeaders(t.app, 'MANAGER');
    const textPage = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/text-pages/add',
        headers: manager,
        payload: { identifier: 'otchet-en', section: 'investoram', title: 'Отчёт', content: '<p>Страница отчёта</p>' },
      })
    ).json().data as { id: number };
    const url = await englishLinkOf('text-pages', textPage.id, manager);
    expect(url.startsWith('/en/investoram/otchet-en?preview=')).toBe(true);
    await expectPreviewed(url, 'Страница отчёта');
  });

  it('refuses a record with no English version (404) and a language the site does not have (400), in Russian', async () => {
    const russianOnly = await addNews({ title: 'Только по-русски' }, null);
    const refused = await preview('news', russianOnly.id, '?locale=en');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(NO_VERSION_TO_PREVIEW_MESSAGE);
    const unknown = await preview('news', russianOnly.id, '?locale=de');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Язык «de» на сайте не включён');
  });
});
