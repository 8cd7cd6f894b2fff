import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { ensureSiteBuilt } from '../site/server.js';
import { wholeSitemap } from '../helpers/sitemap.js';
import { CONSENT_PAGE, ENQUIRY_RESULTS } from '../../lib/enquiry.js';
import { adminHeaders, postForm } from './admin-helpers.js';

/** The sections of the site in English: each list holds only what is translated, in English words, linking English pages. */
describe.each(await testDialects())('the English site on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const site = 'https://www.example.test';
  const ids: Record<string, { id: number; slug?: string }> = {};

  const page = async (url: string, status = 200) => {
    const response = await t.app.inject(url);
    expect(response.statusCode, url).toBe(status);
    return response.body;
  };
  /** A record with its English version: news and own articles as forms (they carry pictures), the others as JSON. */
  const add = async (resource: string, fields: Record<string, string | number>, english?: Record<string, string>) => {
    const record = { public_at: '2026-03-12T09:00:00.000Z', ...fields };
    const response =
      resource === 'news' || resource === 'media-our'
        ? await postForm(t.app, `/api/admin/${resource}/add`, headers, { ...record, ...(english ? { translations: JSON.stringify({ en: english }) } : {}) })
        : await t.app.inject({
            method: 'POST',
            url: resource === 'vacancies' ? '/api/admin/vacancies' : `/api/admin/${resource}/add`,
            headers,
            payload: { ...record, ...(english ? { translations: { en: english } } : {}) },
          });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number; slug?: string };
  };

  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect, { env: { SITE_LOCALES: 'ru,en', PUBLIC_URL: site } });
    headers = await adminHeaders(t.app, 'MANAGER');
    ids.news = await add('news', { title: 'Акционеры одобрили дивиденды' }, { title: 'Shareholders approve dividends', slug: 'dividends-approved' });
    ids.russianNews = await add('news', { title: 'Новость только по-русски' });
    ids.article = await add('media-our', { title: 'Как устроена платформа' }, { title: 'How the platform works', slug: 'platform' });
    ids.russianArticle = await add('media-our', { title: 'Статья только по-русски' });
    ids.press = await add('media-other', { title: 'Компания в рейтинге', url: 'https://example.com/a' }, { title: 'The company in a ranking' });
    ids.russianPress = await add('media-other', { title: 'Публикация только по-русски', url: 'https://example.com/b' });
    ids.video = await add('media-video', { title: 'Презентация', video_url: 'https://www.youtube.com/embed/abc' }, { title: 'Presentation' });
    ids.russianVideo = await add('media-video', { title: 'Видео только по-русски', video_url: 'https://www.youtube.com/embed/def' });
    ids.vacancy = await add(
      'vacancies',
      { title: 'Инженер', city: 'Казань', employment: 'full', salary_from: 90000, salary_to: 120000 },
      { title: 'Engineer', slug: 'engineer', description: '<p>Build things.</p>' },
    );
    ids.russianVacancy = await add('vacancies', { title: 'Бухгалтер', city: 'Москва', employment: 'part' });
    const textPage = async (payload: object) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/text-pages/add', headers, payload });
      expect(response.statusCode, response.body).toBe(200);
    };
    await textPage({
      identifier: 'otchetnost',
      section: 'investoram',
      title: 'Отчётность',
      content: '<p>Русский текст.</p>',
      translations: { en: { title: 'Reporting', content: '<p>English text.</p>' } },
    });
    await textPage({ identifier: 'sobraniya', section: 'investoram', title: 'Собрания', content: '<p>Только по-русски.</p>' });
    await textPage({ identifier: CONSENT_PAGE, title: 'Согласие на обработку персональных данных', content: '<p>Текст согласия.</p>' });
    await textPage({
      identifier: 'svyaz',
      title: 'Связь',
      content: '<p>Напишите нам.</p>',
      form: 'enquiry',
      translations: { en: { title: 'Contacts', content: '<p>Write to us.</p>' } },
    });
  }, 240_000);
  afterAll(() => t?.close());

  it('has an English home page with the English news and media, its words from the dictionary', async () => {
    const html = await page('/en');
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('href="/en/news/dividends-approved"');
    expect(html).toContain('Shareholders approve dividends');
    expect(html).not.toContain('Новость только по-русски');
    expect(html).toContain('>All news</a>');
    expect(html).toContain('>Media centre</h2>');
    expect(html).toContain('How the platform works');
    expect(html).toContain('The company in a ranking');
    expect(html).toContain('>Presentation</span>');
    expect(html).toContain(`<link rel="canonical" href="${site}/en"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="ru" href="${site}/"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${site}/"/>`);
    expect(html).not.toMatch(/Все новости|Медиацентр|Наши новости/);
    expect(await page('/')).toContain(`<link rel="alternate" hrefLang="en" href="${site}/en"/>`);
  });

  it('shows the media tabs in English with only the translated records, and an own article under its English slug', async () => {
    const ours = await page('/en/media/nashi-novosti');
    expect(ours).toContain('href="/en/media/nashi-novosti/platform"');
    expect(ours).not.toContain('Статья только по-русски');
    expect(ours).toContain('href="/en/media/smi-o-nas"');
    expect(ours).toContain('aria-label="Media centre sections"');
    const press = await page('/en/media/smi-o-nas');
    expect(press).toContain('The company in a ranking');
    expect(press).toContain('(opens in a new tab)');
    expect(press).not.toContain('Публикация только по-русски');
    const videos = await page('/en/media/video');
    expect(videos).toContain('Presentation');
    expect(videos).not.toContain('Видео только по-русски');
    const article = await page('/en/media/nashi-novosti/platform');
    expect(article).toContain('<h1 class="article__title">How the platform works</h1>');
    expect(article).toContain('12 March 2026');
    expect(article).toContain(`<link rel="alternate" hrefLang="ru" href="${site}/media/nashi-novosti/${ids.article?.slug}"/>`);
    await page(`/en/media/nashi-novosti/${ids.russianArticle?.slug}`, 404);
    const photobank = await page('/en/media/photobank');
    expect(photobank).toContain('Download all logos (ZIP)');
  });

  it("answers the site's fixed old addresses in English with a 301 within English, as the Russian ones in Russian", async () => {
    const redirects: [string, string][] = [
      ['/en/media', '/en/media/nashi-novosti'],
      ['/en/investoram/sobraniya-aktsionerov', '/en/investoram/informatsiya-dlya-aktsionerov'],
      ['/media', '/media/nashi-novosti'],
    ];
    for (const [from, to] of redirects) {
      const response = await t.app.inject(from);
      expect(response.statusCode, from).toBe(301);
      expect(response.headers.location, from).toBe(to);
    }
  });

  it('reads the media lists in English from the JSON API that «Show more» uses', async () => {
    const press = (await t.app.inject('/api/media/other-items?locale=en')).json().data as { items: { title: string }[] };
    expect(press.items.map((item) => item.title)).toEqual(['The company in a ranking']);
    const videos = (await t.app.inject('/api/media/video-items?locale=en')).json().data as { items: { title: string }[] };
    expect(videos.items.map((item) => item.title)).toEqual(['Presentation']);
    const russian = (await t.app.inject('/api/media/other-items')).json().data as { items: unknown[] };
    expect(russian.items).toHaveLength(2);
    expect((await t.app.inject('/api/media/video-items?locale=de')).statusCode).toBe(400);
  });

  it('lists the investor pages and the vacancies in English, translated ones only', async () => {
    const investors = await page('/en/investoram');
    expect(investors).toContain('<h1 class="page__title">Investors</h1>');
    expect(investors).toContain('href="/en/investoram/otchetnost"');
    expect(investors).toContain('Reporting');
    expect(investors).toContain('Documents for investors');
    expect(investors).not.toContain('Собрания');
    const text = await page('/en/investoram/otchetnost');
    expect(text).toContain('<h1 class="page__title">Reporting</h1>');
    expect(text).toContain('href="/en/investoram/dokumenty"');
    const fallback = await page('/en/investoram/sobraniya');
    expect(fallback).toContain('This page is not available in English yet');
    const documents = await page('/en/investoram/dokumenty');
    expect(documents).toContain('No documents match the chosen conditions yet.');
    expect(documents).toContain('aria-label="Document categories"');
    expect(documents).toContain('>Annual reports</a>');
    const vacancies = await page('/en/karera');
    expect(vacancies).toContain('href="/en/karera/engineer"');
    expect(vacancies).toContain('Full-time');
    expect(vacancies).toContain('from 90,000 to 120,000');
    expect(vacancies).not.toContain('Бухгалтер');
    const vacancy = await page('/en/karera/engineer');
    expect(vacancy).toContain('<h1 class="article__title">Engineer</h1>');
    expect(vacancy).toContain('All vacancies');
    expect(vacancy).toContain(`<link rel="alternate" hrefLang="ru" href="${site}/karera/${ids.vacancy?.slug}"/>`);
    await page(`/en/karera/${ids.russianVacancy?.slug}`, 404);
    const russianVacancy = await page(`/karera/${ids.russianVacancy?.slug}`);
    expect(russianVacancy).toContain('href="/en/karera" hrefLang="en" lang="en">English</a>');
  });

  it('searches in English on the English search page, and answers 404 in English', async () => {
    const empty = await page('/en/poisk');
    expect(empty).toContain('<h1 class="page__title">Search the site</h1>');
    expect(empty).toContain('action="/en/poisk"');
    const found = await page('/en/poisk?q=shareholders');
    expect(found).toContain('Found: ');
    expect(found).toContain('href="/en/news/dividends-approved"');
    expect(found).toContain('<span class="search-results__kind">News</span>');
    expect(found).not.toContain('Новость');
    const missing = await page('/en/no-such-section/page', 404);
    expect(missing).toContain('<html lang="en"');
    expect(missing).toContain('The page you are looking for does not exist');
    expect(missing).toContain('href="/en">Go to the home page</a>');
  });

  it('shows the feedback form in English, and tells a visitor without JavaScript how the sending went in English', async () => {
    const html = await page('/en/svyaz');
    expect(html).toContain('<h2 class="enquiry__title">Contact us</h2>');
    expect(html).toContain('<label for="enquiry-email">E-mail</label>');
    expect(html).toContain(`href="/en/${CONSENT_PAGE}" target="_blank" rel="noopener">consent to the processing of personal data</a>`);
    expect(html).toContain('<input type="hidden" name="back" value="/en/svyaz"/>');
    expect(html).toContain('<input type="hidden" name="locale" value="en"/>');
    expect(html).toContain('>Send</button>');
    expect(html).not.toMatch(/Обратная связь|Отправить|Электронная почта/);
    // A plain form post comes back to the English page (a form without its token is a robot's, told it was sent).
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/enquiries',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ back: '/en/svyaz', name: 'Robot', message: 'Hi' }).toString(),
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/en/svyaz?obrashchenie=sent#obratnaya-svyaz');
    const told = await page('/en/svyaz?obrashchenie=invalid');
    expect(told).toContain('Check the form: your name, the message, and an e-mail address or a phone number in the right format.');
    expect(await page('/en/svyaz?obrashchenie=sent')).toContain('Thank you! Your enquiry has been sent');
    // A form too old to send asks the visitor to reload the page, in the page's language.
    expect(await page('/en/svyaz?obrashchenie=expired')).toContain('This form has expired: reload the page and send your enquiry again.');
    expect(await page('/svyaz?obrashchenie=expired')).toContain(ENQUIRY_RESULTS.expired);
    const russian = await page('/svyaz?obrashchenie=invalid');
    expect(russian).toContain(ENQUIRY_RESULTS.invalid);
    expect(russian).toContain('<input type="hidden" name="back" value="/svyaz"/>');
  });

  it('lists in the sitemap the English addresses of what is translated, each version naming the other and the Russian one by default', async () => {
    const sitemap = await wholeSitemap((path) => page(path));
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const link = (language: string, path: string) => `<xhtml:link rel="alternate" hreflang="${language}" href="${site}${path}"/>`;
    const alternates = (russian: string, english: string) => link('ru', russian) + link('en', english) + link('x-default', russian);
    const russianNews = `/news/${ids.news?.slug}`;
    const both = alternates(russianNews, '/en/news/dividends-approved');
    expect(sitemap).toMatch(new RegExp(`<url><loc>${site}${russianNews}</loc><lastmod>[^<]+</lastmod>${escape(both)}</url>`));
    expect(sitemap).toMatch(new RegExp(`<url><loc>${site}/en/news/dividends-approved</loc><lastmod>[^<]+</lastmod>${escape(both)}</url>`));
    // A record in Russian alone has its Russian address only, naming no other.
    expect(sitemap).toMatch(new RegExp(`<url><loc>${site}/news/${ids.russianNews?.slug}</loc><lastmod>[^<]+</lastmod></url>`));
    expect(sitemap).not.toContain(`/en/news/${ids.russianNews?.slug}`);
    expect(sitemap).toContain(`<url><loc>${site}/en/karera/engineer</loc>`);
    expect(sitemap).toContain(`<url><loc>${site}/en/investoram/otchetnost</loc>`);
    expect(sitemap).not.toContain('/en/investoram/sobraniya');
    // The fixed pages exist in both languages.
    expect(sitemap).toContain(`<url><loc>${site}/en/media/video</loc>${alternates('/media/video', '/en/media/video')}</url>`);
    expect(sitemap).toContain(`<url><loc>${site}/</loc>${alternates('/', '/en')}</url>`);
  });

  it('adds a record to the English sitemap once it is translated', async () => {
    const before = await wholeSitemap((path) => page(path));
    expect(before).not.toContain('/en/media/nashi-novosti/now-in-english');
    const saved = await postForm(
      t.app,
      `/api/admin/media-our/update/${ids.russianArticle?.id}`,
      { ...headers, 'if-match': '*' },
      { translations: JSON.stringify({ en: { title: 'Now in English', slug: 'now-in-english' } }) },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await wholeSitemap((path) => page(path))).toContain(`<url><loc>${site}/en/media/nashi-novosti/now-in-english</loc>`);
  });

  it('shows in the English photobank the categories and items translated into English, under their English titles', async () => {
    const group = await t.app.db
      .insertInto('photobank_groups')
      .values({ kind: 'logo', title: 'Логотипы', position: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const category = async (title: string, english?: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/photobank/category/add',
        headers,
        payload: { group_id: group.id, title, ...(english ? { translations: { en: { title: english } } } : {}) },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { id: number };
    };
    const colour = async (categoryId: number, title: string, english?: string) => {
      const response = await postForm(t.app, '/api/admin/photobank/logo/add', headers, {
        category_id: categoryId,
        type: 'colour',
        title,
        hex: '#0B5CAD',
        ...(english ? { translations: JSON.stringify({ en: { title: english } }) } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const colours = await category('Фирменные цвета', 'Brand colours');
    await colour(colours.id, 'Синий', 'Blue');
    await colour(colours.id, 'Только по-русски');
    const russianOnly = await category('Только русская категория');
    const english = await page('/en/media/photobank');
    expect(english).toContain(`href="/en/media/photobank/${colours.id}">Brand colours</a>`);
    expect(english).toContain('>Blue</h4>');
    expect(english).not.toMatch(/Только по-русски|Только русская категория|Фирменные цвета/);
    const own = await page(`/en/media/photobank/${colours.id}`);
    expect(own).toContain('<h1 class="page__title">Brand colours</h1>');
    await page(`/en/media/photobank/${russianOnly.id}`, 404);
    const more = (await t.app.inject(`/api/photobank/categories/${colours.id}?locale=en`)).json().data as { list: { items: { title: string }[] } };
    expect(more.list.items.map((item) => item.title)).toEqual(['Blue']);
    const russian = await page('/media/photobank');
    expect(russian).toContain('Фирменные цвета');
    expect(russian).toContain('Только русская категория');
  });
});

/** A text as a regular expression matching it literally. */
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
