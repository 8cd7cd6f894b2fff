import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { ensureSiteBuilt } from '../site/server.js';
import { up as decodeStoredPaths } from '../../server/db/migrations/0015_redirect_paths_decoded.js';
import { wholeSitemap } from '../helpers/sitemap.js';
import { postForm } from './admin-helpers.js';
import { CONTROL_IN_ADDRESS_MESSAGE, PAGE_WINS_MESSAGE } from '../../server/redirects/rules.js';
import { CONTROL_CHARACTERS } from '../../lib/ids.js';

/**
 * Old addresses keep working on every dialect: a renamed record's old address answers 301 to the new one (one hop,
 * however many renames), a new record taking an old address wins, RSS guids survive renames, the sitemap gives
 * each page's last change, and a MANAGER's redirects refuse loops and chains.
 */
describe.each(await testDialects())('old addresses on %s', (dialect) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof userWithToken>>;
  let manager: Awaited<ReturnType<typeof userWithToken>>;

  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect, { env: { PUBLIC_URL: 'https://www.example.test' } });
    user = await userWithToken(t.app, 'USER');
    manager = await userWithToken(t.app, 'MANAGER', 'manager-password-2');
  }, 240_000);
  afterAll(() => t?.close());

  const addNews = async (title: string, slug = '') => {
    const response = await postForm(t.app, '/api/admin/news/add', user.headers, { title, slug, lead: 'Анонс', content: '<p>Текст</p>', public_at: daysAgo(1) });
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: number; slug: string };
  };
  const rename = async (id: number, slug: string) => {
    const response = await postForm(t.app, `/api/admin/news/update/${id}`, user.headers, { slug });
    expect(response.statusCode).toBe(200);
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const rest = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: manager.headers, ...(payload ? { payload } : {}) });

  it('a renamed news item: its old address answers 301 to the new one; after two renames both old ones lead there in one hop', async () => {
    const news = await addNews('Запуск завода', 'zapusk-zavoda');
    expect((await get('/news/zapusk-zavoda')).statusCode).toBe(200);
    await rename(news.id, 'zavod-zapushchen');
    const once = await get('/news/zapusk-zavoda');
    expect(once.statusCode).toBe(301);
    expect(once.headers.location).toBe('/news/zavod-zapushchen');

    await rename(news.id, 'zavod-rabotaet');
    for (const old of ['/news/zapusk-zavoda', '/news/zavod-zapushchen']) {
      const answer = await get(old);
      expect(answer.statusCode, old).toBe(301);
      expect(answer.headers.location, old).toBe('/news/zavod-rabotaet');
    }
    expect((await get('/news/zavod-rabotaet')).statusCode).toBe(200);
  });

  it('renaming back to an earlier address makes no loop: the earlier address is the page again', async () => {
    const news = await addNews('Туда и обратно', 'tuda');
    await rename(news.id, 'obratno');
    await rename(news.id, 'tuda');
    expect((await get('/news/tuda')).statusCode).toBe(200);
    const answer = await get('/news/obratno');
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe('/news/tuda');
  });

  it('a new record taking an old address wins over the redirect', async () => {
    const first = await addNews('Старое название', 'staroe-nazvanie');
    await rename(first.id, 'novoe-nazvanie');
    expect((await get('/news/staroe-nazvanie')).statusCode).toBe(301);
    await addNews('Другая новость', 'staroe-nazvanie');
    const page = await get('/news/staroe-nazvanie');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Другая новость');
    const left = await rest('GET', `/api/admin/redirects?filter=${encodeURIComponent(JSON.stringify({ q: 'staroe-nazvanie' }))}`);
    expect(left.json().data).toEqual([]);
  });

  it('RSS guids stay the same across a slug change', async () => {
    const news = await addNews('Новость для ленты', 'dlya-lenty');
    const guidOf = (xml: string) => new RegExp(`<guid isPermaLink="true">([^<]*/news/${news.id})</guid>`).exec(xml)?.[1];
    const before = guidOf((await get('/rss.xml')).body);
    expect(before).toBe(`https://www.example.test/news/${news.id}`);
    await rename(news.id, 'lenta-pereimenovana');
    const after = (await get('/rss.xml')).body;
    expect(guidOf(after)).toBe(before);
    expect(after).toContain('<link>https://www.example.test/news/lenta-pereimenovana</link>');
    expect((await get(`/news/${news.id}`)).statusCode).toBe(200);
  });

  it('the sitemap gives each record its last change', async () => {
    const news = await addNews('Новость для карты сайта', 'karta-sayta');
    await postForm(t.app, `/api/admin/news/update/${news.id}`, user.headers, { lead: 'Изменённый анонс' });
    const row = await t.app.db.selectFrom('news').select(['updated_at', 'public_at']).where('id', '=', news.id).executeTakeFirstOrThrow();
    expect(row.updated_at > row.public_at).toBe(true);
    const sitemap = await wholeSitemap(async (path) => (await get(path)).body);
    expect(sitemap).toContain(`<url><loc>https://www.example.test/news/karta-sayta</loc><lastmod>${new Date(row.updated_at).toISOString()}</lastmod></url>`);
  });

  describe('the MANAGER’s redirects', () => {
    it('adds, follows, edits and removes a redirect; USER may not', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/redirects', headers: user.headers })).statusCode).toBe(403);
      const created = await rest('POST', '/api/admin/redirects', { from_path: '/o-nas-staroe', to_path: '/news' });
      expect(created.statusCode).toBe(200);
      const id = created.json().data.id as number;
      expect((await get('/o-nas-staroe')).headers.location).toBe('/news');
      expect((await rest('PUT', `/api/admin/redirects/${id}`, { to_path: '/media/photobank' })).statusCode).toBe(200);
      expect((await get('/o-nas-staroe')).headers.location).toBe('/media/photobank');
      expect((await rest('DELETE', `/api/admin/redirects/${id}`)).statusCode).toBe(200);
      expect((await get('/o-nas-staroe')).statusCode).toBe(404);
    });

    it.each([
      ['a loop', { from_path: '/petlya', to_path: '/petlya' }, 'to_path', 'Перенаправление ведёт само на себя.'],
      ['a path that is not a page', { from_path: '/api/news/items', to_path: '/news' }, 'from_path', 'Этот адрес не относится к страницам сайта.'],
      [
        'an address that is not a path',
        { from_path: 'https://example.com/x', to_path: '/news' },
        'from_path',
        'Ожидается путь на сайте вида /news/staraya-novost.',
      ],
    ])('refuses %s with 400', async (_name, body, field, message) => {
      const answer = await rest('POST', '/api/admin/redirects', body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors[field]).toEqual([message]);
    });

    it('refuses chains both ways and a second redirect for one address', async () => {
      expect((await rest('POST', '/api/admin/redirects', { from_path: '/a-staryy', to_path: '/b-novyy' })).statusCode).toBe(200);
      const onward = await rest('POST', '/api/admin/redirects', { from_path: '/b-novyy', to_path: '/c-posledniy' });
      expect(onward.statusCode).toBe(400);
      expect(onward.json().errors.from_path).toEqual(['На этот адрес ведёт другое перенаправление: цепочки не допускаются.']);
      const into = await rest('POST', '/api/admin/redirects', { from_path: '/z-drugoy', to_path: '/a-staryy' });
      expect(into.statusCode).toBe(400);
      expect(into.json().errors.to_path).toEqual(['С этого адреса уже есть перенаправление: укажите конечный адрес, цепочки не допускаются.']);
      const twice = await rest('POST', '/api/admin/redirects', { from_path: '/a-staryy', to_path: '/news' });
      expect(twice.statusCode).toBe(409);
    });

    it('imports CSV with a header, semicolons and replacements; all lines or none', async () => {
      await rest('POST', '/api/admin/redirects', { from_path: '/import-zamena', to_path: '/news' });
      const imported = await rest('POST', '/api/admin/redirects/import', {
        csv: 'Старый адрес;Новый адрес\n/import-odin;/news\n/import-dva;https://example.com/page\n/import-zamena;/media/video\n',
      });
      expect(imported.statusCode).toBe(200);
      expect(imported.json().data).toEqual({ imported: 3 });
      expect((await get('/import-dva')).headers.location).toBe('https://example.com/page');
      expect((await get('/import-zamena')).headers.location).toBe('/media/video');
    });

    it('refuses a CSV with a loop or a chain, naming the lines, and imports none of it', async () => {
      const answer = await rest('POST', '/api/admin/redirects/import', {
        csv: '/csv-horoshiy,/news\n/csv-petlya,/csv-petlya\n/csv-x,/csv-y\n/csv-y,/news\nnot-a-path,/news\n/csv-horoshiy,/media\n',
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors.csv).toEqual([
        'Строка 2: Перенаправление ведёт само на себя.',
        'Строка 3: С этого адреса уже есть перенаправление: укажите конечный адрес, цепочки не допускаются.',
        'Строка 4: На этот адрес ведёт другое перенаправление: цепочки не допускаются.',
        'Строка 5: «not-a-path»: Ожидается путь на сайте вида /news/staraya-novost.',
        'Строка 6: адрес /csv-horoshiy уже есть в строке 1.',
      ]);
      expect((await get('/csv-horoshiy')).statusCode).toBe(404);
    });

    it('matches a Cyrillic old address however it was typed and sent, and leads on with the new one encoded once', async () => {
      const typed = await rest('POST', '/api/admin/redirects', { from_path: '/старая-страница', to_path: '/news/новость-дня' });
      expect(typed.statusCode).toBe(200);
      expect(typed.json().data).toMatchObject({ from_path: '/старая-страница', to_path: '/news/новость-дня' });
      const location = encodeURI('/news/новость-дня');
      expect(location).toBe('/news/%D0%BD%D0%BE%D0%B2%D0%BE%D1%81%D1%82%D1%8C-%D0%B4%D0%BD%D1%8F');
      for (const spelling of [encodeURI('/старая-страница'), encodeURI('/старая-страница').toLowerCase().replace('/%d1', '/%D1')]) {
        const answer = await get(spelling);
        // A lower-case escape is first sent to its canonical spelling; that one is the redirect.
        const final = answer.statusCode === 301 && answer.headers.location !== location ? await get(String(answer.headers.location)) : answer;
        expect(final.statusCode, spelling).toBe(301);
        expect(final.headers.location, spelling).toBe(location);
      }

      // Saved percent-encoded, both addresses are stored decoded: the same redirect, not a second one.
      const encoded = await rest('POST', '/api/admin/redirects', { from_path: encodeURI('/news/архив'), to_path: encodeURI('/media/фото') });
      expect(encoded.statusCode).toBe(200);
      expect(encoded.json().data).toMatchObject({ from_path: '/news/архив', to_path: '/media/фото' });
      const answer = await get(encodeURI('/news/архив'));
      expect(answer.statusCode).toBe(301);
      expect(answer.headers.location).toBe(encodeURI('/media/фото'));
      expect((await rest('POST', '/api/admin/redirects', { from_path: '/news/архив', to_path: '/news' })).statusCode).toBe(409);
      expect((await rest('POST', '/api/admin/redirects', { from_path: '/петля', to_path: encodeURI('/петля') })).json().errors.to_path).toEqual([
        'Перенаправление ведёт само на себя.',
      ]);
    });

    it('keeps escapes of reserved characters as they are and refuses a malformed escape with 400', async () => {
      const kept = await rest('POST', '/api/admin/redirects', { from_path: '/skidka-100%25', to_path: '/news/a%2Fb?tema=новости' });
      expect(kept.statusCode).toBe(200);
      expect(kept.json().data).toMatchObject({ from_path: '/skidka-100%25', to_path: '/news/a%2Fb?tema=новости' });
      const answer = await get('/skidka-100%25');
      expect(answer.statusCode).toBe(301);
      expect(answer.headers.location).toBe(`/news/a%2Fb?tema=${encodeURIComponent('новости')}`);
      for (const from_path of ['/skidka-100%', '/staraya%zz', '/%C0%AF']) {
        const refused = await rest('POST', '/api/admin/redirects', { from_path, to_path: '/news' });
        expect(refused.statusCode, from_path).toBe(400);
        expect(refused.json().errors.from_path, from_path).toEqual([expect.stringContaining('«%…»')]);
      }
    });

    it('a request whose path holds a malformed escape is refused before any lookup: a 4xx, never 500', async () => {
      for (const path of ['/staraya%zz', '/%C0%AF', '/news/%E0%A4%A']) {
        const answer = await get(path);
        expect([400, 404], `${path}: ${answer.statusCode}`).toContain(answer.statusCode);
      }
    });

    it('imports CSV with Cyrillic addresses, plain or percent-encoded, as one form', async () => {
      const imported = await rest('POST', '/api/admin/redirects/import', {
        csv: `/старый-раздел;/news\n${encodeURI('/старый-архив')};${encodeURI('/media/видео')}\n/csv-путь;https://example.com/страница\n`,
      });
      expect(imported.statusCode).toBe(200);
      expect(imported.json().data).toEqual({ imported: 3 });
      expect((await get(encodeURI('/старый-раздел'))).headers.location).toBe('/news');
      expect((await get(encodeURI('/старый-архив'))).headers.location).toBe(encodeURI('/media/видео'));
      expect((await get(encodeURI('/csv-путь'))).headers.location).toBe(`https://example.com/${encodeURIComponent('страница')}`);
      const stored = await rest('GET', `/api/admin/redirects?filter=${encodeURIComponent(JSON.stringify({ q: 'старый-архив' }))}`);
      expect(stored.json().data).toMatchObject([{ from_path: '/старый-архив', to_path: '/media/видео' }]);

      const twice = await rest('POST', '/api/admin/redirects/import', {
        csv: `/дубль,/news\n${encodeURI('/дубль')},/media\n/csv-сломанный%zz,/news\n`,
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().errors.csv).toEqual([
        'Строка 2: адрес /дубль уже есть в строке 1.',
        'Строка 3: «/csv-сломанный%zz»: В адресе неверная последовательность «%…»: после % идут две шестнадцатеричные цифры, а сам знак процента пишется как %25.',
      ]);
    });

    it('the migration to decoded paths rewrites rows saved percent-encoded; of two rows for one address the encoded one stays', async () => {
      const row = (from_path: string, to_path: string) => ({ from_path, to_path, created_at: daysAgo(1), updated_at: daysAgo(1) });
      await t.app.db
        .insertInto('redirects')
        .values([row(encodeURI('/миграция'), encodeURI('/news/новость')), row('/дубль-миграции', '/news'), row(encodeURI('/дубль-миграции'), '/media')])
        .execute();
      await decodeStoredPaths(t.app.db as Kysely<unknown>);
      const stored = await t.app.db
        .selectFrom('redirects')
        .select(['from_path', 'to_path'])
        .where('from_path', 'in', ['/миграция', '/дубль-миграции', encodeURI('/миграция'), encodeURI('/дубль-миграции')])
        .orderBy('from_path')
        .execute();
      expect(stored).toEqual([
        { from_path: '/дубль-миграции', to_path: '/media' },
        { from_path: '/миграция', to_path: '/news/новость' },
      ]);
      expect((await get(encodeURI('/миграция'))).headers.location).toBe(encodeURI('/news/новость'));
    });

    it('refuses line breaks, tabs and NUL written as escapes, in the REST API and the CSV import alike', async () => {
      for (const body of [
        { from_path: '/staraya%0D%0ASet-Cookie:%20x=1', to_path: '/news' },
        { from_path: '/staraya-tab%09', to_path: '/news' },
        { from_path: '/staraya-nul', to_path: '/news%00' },
        { from_path: '/staraya-url', to_path: 'https://example.com/a%0Ab' },
      ]) {
        const answer = await rest('POST', '/api/admin/redirects', body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.values(answer.json().errors).flat(), JSON.stringify(body)).toEqual([CONTROL_IN_ADDRESS_MESSAGE]);
      }
      const imported = await rest('POST', '/api/admin/redirects/import', { csv: '/csv-stroka%0D%0Ax,/news\n/csv-nul,/news%00\n' });
      expect(imported.statusCode).toBe(400);
      expect(imported.json().errors.csv).toEqual([
        `Строка 1: «/csv-stroka\r\nx»: ${CONTROL_IN_ADDRESS_MESSAGE}`,
        `Строка 2: «/news\u0000»: ${CONTROL_IN_ADDRESS_MESSAGE}`,
      ]);
      const stored = await t.app.db.selectFrom('redirects').select('from_path').execute();
      expect(stored.filter((row) => CONTROL_CHARACTERS.test(row.from_path))).toEqual([]);
    });

    it('refuses loops and chains however the address is spelt: a trailing slash, or the site’s own absolute address', async () => {
      expect((await rest('POST', '/api/admin/redirects', { from_path: '/petlya-a', to_path: '/petlya-b/' })).statusCode).toBe(200);
      const back = await rest('POST', '/api/admin/redirects', { from_path: '/petlya-b', to_path: '/petlya-a' });
      expect(back.statusCode).toBe(400);
      expect(back.json().errors.to_path).toEqual(['С этого адреса уже есть перенаправление: укажите конечный адрес, цепочки не допускаются.']);
      expect((await rest('POST', '/api/admin/redirects', { from_path: '/petlya-c', to_path: 'https://www.example.test/petlya-d?x=1' })).statusCode).toBe(200);
      const onward = await rest('POST', '/api/admin/redirects', { from_path: '/petlya-d/', to_path: '/news' });
      expect(onward.statusCode).toBe(400);
      expect(onward.json().errors.from_path).toEqual(['На этот адрес ведёт другое перенаправление: цепочки не допускаются.']);
      const into = await rest('POST', '/api/admin/redirects', { from_path: '/petlya-e', to_path: 'https://www.example.test/petlya-c' });
      expect(into.json().errors.to_path).toEqual(['С этого адреса уже есть перенаправление: укажите конечный адрес, цепочки не допускаются.']);
      // An old address is kept in the spelling requests reach the site in, so that it is followed.
      const slashed = await rest('POST', '/api/admin/redirects', { from_path: '/staryy-razdel/', to_path: '/news' });
      expect(slashed.json().data).toMatchObject({ from_path: '/staryy-razdel' });
      expect((await get('/staryy-razdel')).headers.location).toBe('/news');

      const file = await rest('POST', '/api/admin/redirects/import', { csv: '/csv-krug-a,/csv-krug-b/\n/csv-krug-b,https://www.example.test/csv-krug-a\n' });
      expect(file.statusCode).toBe(400);
      expect(file.json().errors.csv).toEqual([
        'Строка 1: С этого адреса уже есть перенаправление: укажите конечный адрес, цепочки не допускаются.',
        'Строка 2: С этого адреса уже есть перенаправление: укажите конечный адрес, цепочки не допускаются.',
      ]);
    });

    it('refuses a redirect from an address where a page answers: the page wins, and redirects to it stay possible', async () => {
      const news = await addNews('Живая страница', 'zhivaya-stranitsa');
      expect((await get('/news/zhivaya-stranitsa')).statusCode).toBe(200);
      const refused = await rest('POST', '/api/admin/redirects', { from_path: '/news/zhivaya-stranitsa', to_path: '/news' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.from_path).toEqual([PAGE_WINS_MESSAGE]);
      const imported = await rest('POST', '/api/admin/redirects/import', { csv: '/news/zhivaya-stranitsa/,/media\n' });
      expect(imported.statusCode).toBe(400);
      expect(imported.json().errors.csv).toEqual([`Строка 1: «/news/zhivaya-stranitsa»: ${PAGE_WINS_MESSAGE}`]);
      const root = await rest('POST', '/api/admin/redirects', { from_path: '/', to_path: '/news' });
      expect(root.json().errors.from_path).toEqual([PAGE_WINS_MESSAGE]);
      const to = await rest('POST', '/api/admin/redirects', { from_path: '/staraya-zhivaya', to_path: `/news/${news.slug}` });
      expect(to.statusCode).toBe(200);
      expect((await get('/staraya-zhivaya')).headers.location).toBe('/news/zhivaya-stranitsa');
    });

    it('answers 400, never 500, to an empty or unreadable file', async () => {
      for (const csv of ['', 'только заголовок', '"/незакрытая,кавычка\n']) {
        const answer = await rest('POST', '/api/admin/redirects/import', { csv });
        expect(answer.statusCode, csv).toBe(400);
      }
    });
  });
});
