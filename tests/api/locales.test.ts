import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { news } from '../../lib/resources/articles.js';
import { translatedAmong, translationsOf } from '../../server/translations/store.js';
import { createTestApp, testSiteSettings, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { preparedSite } from '../helpers/siteTemplates.js';
import { ensureSiteBuilt } from '../site/server.js';
import { adminHeaders, pngImage, postForm } from './admin-helpers.js';
import { UNKNOWN_TEXT_IMAGE_MESSAGE } from '../../server/assets/uses.js';

const FIXED_NEWS_PATH = '/news/smart-horizont-rezident-proekta-skolkovo';

/** A demo site's settings as the other tests start one, so that the run's demo template serves it. */
const DEMO_SITE = testSiteSettings({ seedDemo: true });

/** What visitors read with the given `SITE_LOCALES` (absent: unset), from the one demo database in `dataDir`. */
async function visitorReads(dataDir: string, siteLocales: string | undefined): Promise<Record<string, string>> {
  const config = loadConfig({ ...DEMO_SITE, DATA_DIR: dataDir, ...(siteLocales === undefined ? {} : { SITE_LOCALES: siteLocales }) });
  const app = await buildApp({ ...config, dev: false }, { logger: false, viewFlushMs: 60_000 });
  try {
    const answers: Record<string, string> = {};
    for (const url of ['/', FIXED_NEWS_PATH, '/news', '/api/news/main-items', '/api/vacancies', '/api/menu', '/rss.xml', '/o-kompanii']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      // Opening a news page counts a read, which the next start shows: the count is the one thing allowed to differ.
      answers[url] = response.body.replace(/(\\?"views\\?":)\d+/g, '$1N');
    }
    return answers;
  } finally {
    await app.close();
  }
}

describe('SITE_LOCALES=ru', () => {
  it('keeps the site byte for byte as without the setting: the HTML of / and of a news page, and the public JSON', async () => {
    ensureSiteBuilt();
    const site = await preparedSite('site-locales-', 'sqlite', DEMO_SITE);
    try {
      const unset = await visitorReads(site.dataDir, undefined);
      const russian = await visitorReads(site.dataDir, 'ru');
      expect(unset[FIXED_NEWS_PATH]).toContain('<html lang="ru"');
      // Nothing of the languages reaches a page's data or head with Russian alone.
      for (const body of Object.values(unset)) expect(body).not.toMatch(/inRussian|hrefLang|language-switch|translat/);
      expect(russian).toEqual(unset);
    } finally {
      await site.remove();
    }
  }, 120_000);
});

interface AdminNews {
  id: number;
  slug: string;
  title: string;
  version: number;
  translated_en?: 0 | 1;
  translations?: { en: Record<string, string> | null };
}

const ENGLISH = {
  title: 'Smart Horizon joins Skolkovo',
  slug: 'skolkovo-residency',
  lead: 'The company became a resident.',
  content: '<p>Shareholders were told.</p>',
};

/** With English switched on, the admin reads and writes a record's English version with the record itself. */
describe.each(await testDialects())('translations in the admin API on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SITE_LOCALES: 'ru,en' } });
    headers = await adminHeaders(t.app, 'USER');
  }, 120_000);
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers });
  const addNews = async (title: string, translations?: object) => {
    const fields = { title, public_at: daysAgo(1), content: `<p>${title}</p>`, ...(translations ? { translations: JSON.stringify(translations) } : {}) };
    const response = await postForm(t.app, '/api/admin/news/add', headers, fields);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as AdminNews;
  };
  const update = (id: number, version: number, fields: Record<string, string>) =>
    postForm(t.app, `/api/admin/news/update/${id}`, { ...headers, 'if-match': `"${version}"` }, fields);
  const listIds = async (filter: object) => {
    const response = await get(`/api/admin/news?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as AdminNews[]).map((row) => row.id);
  };

  it('adds a news item with its English version and reads it back with the record', async () => {
    const added = await addNews('Компания стала резидентом «Сколково»', { en: ENGLISH });
    expect(added.translated_en).toBe(1);
    expect(added.translations?.en).toMatchObject(ENGLISH);
    const read = (await get(`/api/admin/news/${added.id}`)).json().data as AdminNews;
    expect(read).toEqual(added);
    expect(read.translations?.en).toEqual({ ...ENGLISH, image_alt: '', seo_title: '', seo_description: '' });
  });

  it('reads the English versions of more records than one query names (a rebuild of the search index names them all)', async () => {
    const added = await addNews('Отчёт о деятельности за квартал', { en: { ...ENGLISH, slug: 'quarterly-report' } });
    const ids = [...Array.from({ length: 70_000 }, (_, index) => 1_000_000 + index), added.id];
    expect([...(await translatedAmong(t.app.db, news, ids, 'en'))]).toEqual([added.id]);
    expect([...(await translationsOf(t.app.db, news, ids, 'en')).keys()]).toEqual([added.id]);
  });

  it('lists the translation status and filters the untranslated («нет перевода»)', async () => {
    const translated = await addNews('Переведённая новость', { en: { title: 'A translated item' } });
    const untranslated = await addNews('Новость без перевода');
    const unfinished = await addNews('Новость с начатым переводом', { en: { lead: 'Only a lead so far' } });
    expect(unfinished.translated_en).toBe(0);
    const rows = (await get('/api/admin/news?range=[0,99]')).json().data as AdminNews[];
    expect(rows.find((row) => row.id === translated.id)?.translated_en).toBe(1);
    expect(rows.find((row) => row.id === untranslated.id)?.translated_en).toBe(0);
    expect(rows.every((row) => row.translations === undefined)).toBe(true);
    const without = await listIds({ translated_en: 0 });
    expect(without).toEqual(expect.arrayContaining([untranslated.id, unfinished.id]));
    expect(without).not.toContain(translated.id);
    const withEnglish = await listIds({ translated_en: 1 });
    expect(withEnglish).toContain(translated.id);
    expect(withEnglish).not.toContain(untranslated.id);
  });

  it("saves a translation in the record's version and history: a stale version is refused, a revision restores the English text", async () => {
    const added = await addNews('Новость для истории', { en: { title: 'First English title' } });
    const saved = await update(added.id, added.version, { translations: JSON.stringify({ en: { title: 'Second English title' } }) });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json().data as AdminNews;
    expect(after.version).toBe(added.version + 1);
    expect(after.translations?.en?.title).toBe('Second English title');
    expect(after.title).toBe(added.title);

    const stale = await update(added.id, added.version, { translations: JSON.stringify({ en: { title: 'Lost update' } }) });
    expect(stale.statusCode).toBe(409);

    const history = (await get(`/api/admin/news/${added.id}/revisions`)).json().data.items as { id: number; changed: string[] }[];
    expect(history[0]?.changed).toEqual(['translations']);
    const restored = await t.app.inject({ method: 'POST', url: `/api/admin/news/restore-revision/${added.id}/${history[0]?.id}`, headers });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((restored.json().data as AdminNews).translations?.en?.title).toBe('First English title');
  });

  it('checks a translation by the field rules: lengths, fields that are not translated, a taken English slug', async () => {
    const first = await addNews('Первая новость со слагом', { en: { title: 'First', slug: 'taken-english-slug' } });
    const tooLong = await postForm(t.app, '/api/admin/news/add', headers, {
      title: 'Слишком длинный заголовок',
      public_at: daysAgo(1),
      translations: JSON.stringify({ en: { title: 'x'.repeat(301) } }),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('300');
    const shared = await update(first.id, first.version, { translations: JSON.stringify({ en: { public_at: daysAgo(2) } }) });
    expect(shared.statusCode).toBe(400);
    expect(shared.json().message).toMatch(/[а-я]/);
    const otherLanguage = await update(first.id, first.version, { translations: JSON.stringify({ de: { title: 'Erste' } }) });
    expect(otherLanguage.statusCode).toBe(400);
    const second = await addNews('Вторая новость со слагом');
    const taken = await update(second.id, second.version, { translations: JSON.stringify({ en: { title: 'Second', slug: 'taken-english-slug' } }) });
    expect(taken.statusCode).toBe(409);
    const html = await update(second.id, second.version, {
      translations: JSON.stringify({ en: { title: 'Second', content: '<p onclick="x()">Text</p><script>x()</script>' } }),
    });
    expect(html.statusCode, html.body).toBe(200);
    expect((html.json().data as AdminNews).translations?.en?.content).toBe('<p>Text</p>');
  });

  it('keeps the translation through the trash: removed and restored, the record has its English version again', async () => {
    const added = await addNews('Новость в корзину', { en: { title: 'Into the trash and back' } });
    const removed = await t.app.inject({ method: 'POST', url: `/api/admin/news/remove/${added.id}`, headers });
    expect(removed.statusCode).toBe(200);
    expect(await listIds({ translated_en: 1 })).not.toContain(added.id);
    const restored = await t.app.inject({ method: 'POST', url: `/api/admin/trash/restore/news/${added.id}`, headers });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(((await get(`/api/admin/news/${added.id}`)).json().data as AdminNews).translations?.en?.title).toBe('Into the trash and back');
  });

  it("counts the library's files in the English text as uses, again when the asset is back from the trash: its image shows on the English page, a replaced file's address follows", async () => {
    const upload = await postForm(t.app, '/api/admin/assets/upload', headers, {}, [
      { field: 'file', filename: 'office.png', data: await pngImage(900, 600, '#225577'), type: 'image/png' },
    ]);
    const asset = upload.json().asset as { id: number; url: string };
    const figure = `<figure class="image-full"><img src="/api/assets/${asset.id}/file" alt="Our office"></figure>`;
    const added = await addNews('Только русский текст', {
      en: { title: 'An image in English', slug: 'image-in-english', content: `${figure}<p><a href="${asset.url}">The picture</a></p>` },
    });
    const uses = await get(`/api/admin/assets/${asset.id}/uses`);
    expect(uses.json()).toEqual([expect.objectContaining({ resource: 'news', record_id: added.id, field: 'content' })]);
    // An English text may not add an image the library does not hold: the field named is the English one.
    const missing = `<figure class="image-full"><img src="/api/assets/999999/file" alt="Gone"></figure>`;
    const refused = await update(added.id, added.version, { translations: JSON.stringify({ en: { content: missing } }) });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ 'translations.en.content': [UNKNOWN_TEXT_IMAGE_MESSAGE] });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/assets/${asset.id}`, headers })).statusCode).toBe(409);
    // Back from the trash, the asset is the English text's use again.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/assets/${asset.id}?confirm=uses`, headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/trash/restore/assets/${asset.id}`, headers })).statusCode).toBe(200);
    expect((await get(`/api/admin/assets/${asset.id}/uses`)).json()).toEqual(uses.json());
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/assets/${asset.id}`, headers })).statusCode).toBe(409);
    const english = (await t.app.inject('/api/news/item/image-in-english?locale=en')).json().data.content as string;
    expect(english).toMatch(
      new RegExp(
        `^<figure class="image-full"><picture><source type="image/avif" srcset="[^"]+"[^>]*><source type="image/webp"[^>]*><img src="${asset.url}" alt="Our office" width="900" height="600" loading="lazy" decoding="async"></picture></figure>`,
      ),
    );

    const replaced = await postForm(t.app, `/api/admin/assets/${asset.id}/replace`, headers, {}, [
      { field: 'file', filename: 'office-2.png', data: await pngImage(900, 600, '#772255'), type: 'image/png' },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = replaced.json().data as { url: string };
    const stored = ((await get(`/api/admin/news/${added.id}`)).json().data as AdminNews).translations?.en?.content;
    expect(stored).toBe(`${figure}<p><a href="${after.url}">The picture</a></p>`);
  });

  it('describes the translations in the OpenAPI document', async () => {
    const document = (await t.app.inject('/api/openapi.json')).body;
    expect(document).toContain('translated_en');
    expect(document).toContain('The record in each other language of the site');
  });
});

describe('the admin API with Russian alone', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    headers = await adminHeaders(t.app, 'USER');
  });
  afterAll(() => t?.close());

  it('has no translations, no translation status, no such filter and no word of them in the OpenAPI document', async () => {
    const response = await postForm(t.app, '/api/admin/news/add', headers, { title: 'Только по-русски', public_at: daysAgo(1) });
    const record = response.json().data as AdminNews;
    expect(record).not.toHaveProperty('translations');
    expect(record).not.toHaveProperty('translated_en');
    const read = (await t.app.inject({ url: `/api/admin/news/${record.id}`, headers })).json().data as AdminNews;
    expect(read).toEqual(record);
    const filtered = await t.app.inject({ url: `/api/admin/news?filter=${encodeURIComponent('{"translated_en":0}')}`, headers });
    expect(filtered.statusCode).toBe(400);
    const document = (await t.app.inject('/api/openapi.json')).body;
    expect(document).not.toContain('translated_en');
    expect(document).not.toContain('"translations"');
  });
});

interface PublicItem {
  id: number;
  title: string;
  slug: string;
  lead?: string;
}

/** With English switched on, `?locale=en` reads the public JSON in English: only translated records, in their English words. */
describe.each(await testDialects())('public JSON reads in English on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let translated: AdminNews;
  let untranslated: AdminNews;
  let unfinished: AdminNews;

  const addNews = async (title: string, translations?: object) => {
    const fields = { title, lead: `${title}: анонс`, public_at: daysAgo(1), ...(translations ? { translations: JSON.stringify(translations) } : {}) };
    const response = await postForm(t.app, '/api/admin/news/add', headers, fields);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as AdminNews;
  };
  const items = async (url: string) => {
    const response = await t.app.inject(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { items: PublicItem[]; total: number; pageCount: number };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SITE_LOCALES: 'ru,en' } });
    headers = await adminHeaders(t.app, 'USER');
    translated = await addNews('Акционеры одобрили дивиденды', { en: { title: 'Shareholders approve dividends', slug: 'shareholders-approve-dividends' } });
    untranslated = await addNews('Новость только по-русски');
    unfinished = await addNews('Новость с начатым переводом', { en: { lead: 'Only a lead' } });
  }, 120_000);
  afterAll(() => t?.close());

  it('lists only the records with an English version, in English, with totals of their own', async () => {
    const english = await items('/api/news/items?locale=en');
    expect(english.items.map((item) => item.id)).toEqual([translated.id]);
    expect(english.items[0]).toMatchObject({ title: 'Shareholders approve dividends', slug: 'shareholders-approve-dividends', lead: '' });
    expect(english).toMatchObject({ total: 1, pageCount: 1 });
    const russian = await items('/api/news/items');
    expect(russian.items.map((item) => item.id)).toEqual(expect.arrayContaining([translated.id, untranslated.id, unfinished.id]));
    expect(russian.items.find((item) => item.id === translated.id)?.title).toBe('Акционеры одобрили дивиденды');
    expect(await items('/api/news/items?locale=ru')).toEqual(russian);
    expect((await items('/api/news/main-items?locale=en')).items.map((item) => item.id)).toEqual([translated.id]);
  });

  it('finds a record by its English slug or id in English; one without a version is 404', async () => {
    const bySlug = await t.app.inject('/api/news/item/shareholders-approve-dividends?locale=en');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().data).toMatchObject({ id: translated.id, title: 'Shareholders approve dividends' });
    expect((await t.app.inject(`/api/news/item/${translated.id}?locale=en`)).json().data.title).toBe('Shareholders approve dividends');
    // Its Russian slug names it in Russian only, once it has an English one.
    expect((await t.app.inject(`/api/news/item/${translated.slug}?locale=en`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/news/item/${translated.slug}`)).json().data.title).toBe('Акционеры одобрили дивиденды');
    expect((await t.app.inject(`/api/news/item/${untranslated.slug}?locale=en`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/news/item/${unfinished.slug}?locale=en`)).statusCode).toBe(404);
  });

  it('reads a declared list (vacancies) the same way, and refuses a language the site does not have', async () => {
    const vacancy = await t.app.inject({
      method: 'POST',
      url: '/api/admin/vacancies',
      headers,
      payload: { title: 'Аналитик', city: 'Москва', employment: 'full', public_at: daysAgo(1), translations: { en: { title: 'Analyst' } } },
    });
    expect(vacancy.statusCode, vacancy.body).toBe(200);
    const english = await items('/api/vacancies?locale=en');
    expect(english.items.map((item) => item.title)).toEqual(['Analyst']);
    expect((await items('/api/vacancies?locale=en&city=Москва')).total).toBe(1);
    const wrong = await t.app.inject('/api/news/items?locale=de');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Язык «de» на сайте не включён: ru, en.');
  });

  it('searches each language apart: the English search stems English words and leads to the English page', async () => {
    const search = async (query: string) => {
      const response = await t.app.inject(`/api/search?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { items: { id: number; url: string; title: { text: string }[] }[]; total: number };
    };
    const english = await search('q=shareholder&locale=en');
    expect(english.items.map((item) => item.id)).toEqual([translated.id]);
    expect(english.items[0]?.url).toBe('/en/news/shareholders-approve-dividends');
    expect(english.items[0]?.title.map((piece) => piece.text).join('')).toBe('Shareholders approve dividends');
    expect((await search('q=shareholder')).total).toBe(0);
    expect((await search(`q=${encodeURIComponent('акционеры')}&locale=en`)).total).toBe(0);
    const russian = await search(`q=${encodeURIComponent('акционер')}`);
    expect(russian.items.map((item) => item.url)).toEqual([`/news/${translated.slug}`]);
    expect((await search(`q=${encodeURIComponent('русски')}&locale=en`)).total).toBe(0);
    // The admin list's search box finds a record by its English words too.
    const listed = await t.app.inject({ url: `/api/admin/news?filter=${encodeURIComponent('{"q":"shareholders"}')}`, headers });
    expect((listed.json().data as { id: number }[]).map((row) => row.id)).toEqual([translated.id]);
  });

  it('keeps each language apart in the page cache, and a translation saved shows in English at once', async () => {
    const HIT = 'corporate-site; hit';
    /** The answer to `url`, once the cache answers it from memory. */
    const stored = async (url: string) => {
      const response = await t.app.inject(url);
      await expect.poll(async () => (await t.app.inject(url)).headers['cache-status'], { message: url }).toBe(HIT);
      return response.body;
    };
    const english = await stored('/api/news/items?locale=en&page=1');
    const russian = await stored('/api/news/items?page=1');
    expect(russian).not.toBe(english);
    const again = await t.app.inject('/api/news/items?locale=en&page=1');
    expect(again.body).toBe(english);
    expect(again.headers['cache-status']).toBe(HIT);
    const saved = await postForm(
      t.app,
      `/api/admin/news/update/${untranslated.id}`,
      { ...headers, 'if-match': '*' },
      {
        translations: JSON.stringify({ en: { title: 'Now in English too' } }),
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await items('/api/news/items?locale=en');
    expect(after.items.map((item) => item.title)).toEqual(expect.arrayContaining(['Shareholders approve dividends', 'Now in English too']));
    expect(after.total).toBe(2);
  });
});

describe('public JSON reads with Russian alone', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('have no locale parameter: ?locale=en reads what the plain address reads', async () => {
    const headers = await adminHeaders(t.app, 'USER');
    await postForm(t.app, '/api/admin/news/add', headers, { title: 'Русская новость', public_at: daysAgo(1) });
    const plain = await t.app.inject('/api/news/items');
    expect((await t.app.inject('/api/news/items?locale=en')).body).toBe(plain.body);
    expect((await t.app.inject('/api/news/items?locale=de')).statusCode).toBe(200);
  });
});

/** With English switched on, the site has `/en/…` pages of what is translated, linked both ways. */
describe.each(await testDialects())('English pages on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let translated: AdminNews;
  let untranslated: AdminNews;
  const site = 'https://www.example.test';

  const page = async (url: string, status = 200) => {
    const response = await t.app.inject(url);
    expect(response.statusCode, url).toBe(status);
    return response.body;
  };
  const alternate = (language: string, path: string) => `<link rel="alternate" hrefLang="${language}" href="${site}${path}"/>`;

  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect, { env: { SITE_LOCALES: 'ru,en', PUBLIC_URL: site } });
    headers = await adminHeaders(t.app, 'USER');
    const add = async (fields: Record<string, string>) => {
      const response = await postForm(t.app, '/api/admin/news/add', headers, { public_at: '2026-03-12T09:00:00.000Z', ...fields });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as AdminNews;
    };
    translated = await add({
      title: 'Акционеры одобрили дивиденды',
      translations: JSON.stringify({
        en: { title: 'Shareholders approve dividends', slug: 'shareholders-approve-dividends', content: '<p>The meeting voted.</p>' },
      }),
    });
    untranslated = await add({ title: 'Новость только по-русски' });
  }, 240_000);
  afterAll(() => t?.close());

  it('lists in English only the news with an English version, in English, linking the English pages', async () => {
    const html = await page('/en/news');
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('Shareholders approve dividends');
    expect(html).toContain('href="/en/news/shareholders-approve-dividends"');
    expect(html).not.toContain('Акционеры одобрили дивиденды');
    expect(html).not.toContain(untranslated.title);
    expect(html).toContain('<h1 class="page__title">News</h1>');
    expect(html).toContain(`<link rel="canonical" href="${site}/en/news"/>`);
    expect(html).toContain(alternate('ru', '/news'));
    expect(html).toContain(alternate('en', '/en/news'));
    expect(html).toContain(alternate('x-default', '/news'));
    const russian = await page('/news');
    expect(russian).toContain('<html lang="ru"');
    expect(russian).toContain(untranslated.title);
    expect(russian).toContain(alternate('en', '/en/news'));
  });

  it('shows a news item in English under its English slug, with hreflang both ways and a switch to the other language', async () => {
    const english = await page('/en/news/shareholders-approve-dividends');
    expect(english).toContain('<html lang="en"');
    expect(english).toContain('<h1 class="article__title">Shareholders approve dividends</h1>');
    expect(english).toContain('12 March 2026');
    expect(english).toContain(`<link rel="canonical" href="${site}/en/news/shareholders-approve-dividends"/>`);
    expect(english).toContain(alternate('ru', `/news/${translated.slug}`));
    expect(english).toContain(alternate('en', '/en/news/shareholders-approve-dividends'));
    expect(english).toContain(alternate('x-default', `/news/${translated.slug}`));
    expect(english).toContain(`href="/news/${translated.slug}" hrefLang="ru" lang="ru">Русский</a>`);

    const russian = await page(`/news/${translated.slug}`);
    expect(russian).toContain('<html lang="ru"');
    expect(russian).toContain(alternate('en', '/en/news/shareholders-approve-dividends'));
    expect(russian).toContain(alternate('ru', `/news/${translated.slug}`));
    expect(russian).toContain('href="/en/news/shareholders-approve-dividends" hrefLang="en" lang="en">English</a>');
  });

  it('answers 404 in English for a news item without an English version, whose Russian page switches to the English list', async () => {
    const missing = await page(`/en/news/${untranslated.slug}`, 404);
    expect(missing).toContain('<html lang="en"');
    expect(missing).toContain('Something seems to have gone wrong!');
    const russian = await page(`/news/${untranslated.slug}`);
    expect(russian).not.toContain('hrefLang="en" href=');
    expect(russian).toContain('href="/en/news" hrefLang="en" lang="en">English</a>');
  });

  it('shows a text page without an English version in Russian with a notice, then in English once translated', async () => {
    const manager = await adminHeaders(t.app, 'MANAGER');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/text-pages/add',
      headers: manager,
      payload: { identifier: 'o-nas', title: 'Компания', content: '<p>Русский текст.</p>' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const fallback = await page('/en/o-nas');
    expect(fallback).toContain('<html lang="en"');
    expect(fallback).toContain('This page is not available in English yet: here is its Russian version.');
    expect(fallback).toContain('<article class="text-page" lang="ru"><h1 class="page__title">Компания</h1>');
    expect(fallback).toContain(`<link rel="canonical" href="${site}/o-nas"/>`);
    expect(fallback).not.toContain('hrefLang="en" href=');
    const russian = await page('/o-nas');
    expect(russian).not.toContain('hrefLang="en" href=');
    expect(russian).toContain('href="/en/o-nas" hrefLang="en" lang="en">English</a>');

    const translated = await t.app.inject({
      method: 'POST',
      url: '/api/admin/text-pages/update',
      headers: { ...manager, 'if-match': '*' },
      payload: { identifier: 'o-nas', content: '<p>Русский текст.</p>', translations: { en: { title: 'About us', content: '<p>English text.</p>' } } },
    });
    expect(translated.statusCode, translated.body).toBe(200);
    const english = await page('/en/o-nas');
    expect(english).toContain('<h1 class="page__title">About us</h1>');
    expect(english).not.toContain('not available in English');
    expect(english).toContain(`<link rel="canonical" href="${site}/en/o-nas"/>`);
    expect(english).toContain(alternate('ru', '/o-nas'));
    expect(await page('/o-nas')).toContain(alternate('en', '/en/o-nas'));
  });

  it('shows in English the menu items translated into it, linking the English pages, and leaves the others out', async () => {
    const manager = await adminHeaders(t.app, 'MANAGER');
    const addItem = async (payload: object) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/menus', headers: manager, payload: { kind: 'main', ...payload } });
      expect(response.statusCode, response.body).toBe(200);
    };
    await addItem({ title: 'Пресс-центр', url: '/news', translations: { en: { title: 'Press centre' } } });
    await addItem({ title: 'Вакансии компании', url: '/karera' });
    const english = await page('/en/news');
    expect(english).toContain('href="/en/news" aria-current="page">Press centre</a>');
    expect(english).not.toContain('Пресс-центр');
    expect(english).not.toContain('Вакансии компании');
    const russian = await page('/news');
    expect(russian).toContain('href="/news" aria-current="page">Пресс-центр</a>');
    expect(russian).toContain('Вакансии компании');
  });

  it('has a news feed in English with the English news only, linked from the English pages', async () => {
    const feed = await page('/en/rss.xml');
    expect(feed).toContain('<title>News | ');
    expect(feed).toContain('<language>en</language>');
    expect(feed).toContain(`<link>${site}/en/news/shareholders-approve-dividends</link>`);
    expect(feed).not.toContain(untranslated.title);
    expect(await page('/rss.xml')).toContain(`<link>${site}/news/${translated.slug}</link>`);
    expect(await page('/en/news')).toContain('type="application/rss+xml" title="News | ');
  });

  it('caches each language apart, and a translation saved shows on the English list at once', async () => {
    const before = await page('/en/news');
    expect(await page('/en/news')).toBe(before);
    expect(await page('/news')).not.toBe(before);
    const saved = await postForm(
      t.app,
      `/api/admin/news/update/${untranslated.id}`,
      { ...headers, 'if-match': '*' },
      {
        translations: JSON.stringify({ en: { title: 'Now also in English' } }),
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await page('/en/news');
    expect(after).toContain('Now also in English');
    expect(after).toContain(`href="/en/news/${untranslated.slug}"`);
  });
});
