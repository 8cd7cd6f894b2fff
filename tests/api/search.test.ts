import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_RESULTS_MAX, type TextPiece } from '../../lib/search.js';
import { reindexAll } from '../../server/search/indexer.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { adminHeaders, postForm } from './admin-helpers.js';

interface Found {
  resource: string;
  id: number;
  kind: string;
  title: TextPiece[];
  fragment: TextPiece[];
  url: string;
}

const plain = (pieces: TextPiece[]) => pieces.map((piece) => piece.text).join('');
const marked = (pieces: TextPiece[]) => pieces.filter((piece) => piece.mark).map((piece) => piece.text);

/** The same Russian word forms find the same items on both databases (Snowball stems, ё read as е). */
describe.each(await testDialects())('full-text search on %s', (dialect) => {
  let t: TestApp;
  let manager: Record<string, string>;
  let user: Record<string, string>;
  const ids: Record<string, number> = {};

  const search = (q: string, page?: number) =>
    t.app.inject({
      url: `/api/search?q=${encodeURIComponent(q)}${page !== undefined ? `&page=${page}` : ''}`,
    });
  const found = async (q: string): Promise<Found[]> => {
    const response = await search(q);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.items as Found[];
  };
  const titles = async (q: string) => (await found(q)).map((item) => plain(item.title));
  const addNews = async (fields: Record<string, string | number>) => {
    const response = await postForm(t.app, '/api/admin/news/add', manager, fields);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id as number;
  };
  const adminList = async (resource: string, q: string) => {
    const response = await t.app.inject({
      url: `/api/admin/${resource}?filter=${encodeURIComponent(JSON.stringify({ q }))}`,
      headers: manager,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { title: string }[]).map((row) => row.title);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: true });
    manager = await adminHeaders(t.app, 'MANAGER');
    user = await adminHeaders(t.app, 'USER');
    ids.published = await addNews({
      title: 'Главная новость недели',
      lead: 'Компания открыла новый завод.',
      content: '<p>Подробности о <b>заводе</b> &laquo;Север&raquo;.</p>',
      public_at: daysAgo(1),
      published: 1,
    });
    ids.draft = await addNews({
      title: 'Черновая новость',
      lead: 'Ещё не готово.',
      public_at: daysAgo(1),
      published: 0,
    });
    ids.scheduled = await addNews({
      title: 'Будущая новость',
      lead: 'Выйдет завтра.',
      public_at: daysAgo(-1),
      published: 1,
    });
  });
  afterAll(() => t.close());

  it('finds the shareholders page by акционер, акционерам, акционеров', async () => {
    for (const q of ['акционер', 'акционерам', 'акционеров', 'АКЦИОНЕРАМ']) {
      const items = await found(q);
      const page = items.find((item) => item.url === '/investoram/informatsiya-dlya-aktsionerov');
      expect(page, q).toMatchObject({
        resource: 'text-pages',
        kind: 'Страница',
      });
      expect(marked(page!.title)).toEqual(['акционеров']);
    }
  });

  it('finds news by новость, новости, новостей, with the words marked and the HTML left out of the fragment', async () => {
    for (const q of ['новость', 'новости', 'новостей']) {
      const items = await found(q);
      expect(
        items.map((item) => plain(item.title)),
        q,
      ).toContain('Главная новость недели');
    }
    const [item] = (await found('завод')).filter((result) => result.id === ids.published && result.resource === 'news');
    expect(item).toMatchObject({
      kind: 'Новость',
      url: expect.stringMatching(/^\/news\/[a-z0-9-]+$/),
    });
    expect(plain(item!.fragment)).toBe('Компания открыла новый завод. Подробности о заводе «Север».');
    expect(marked(item!.fragment)).toEqual(['завод', 'заводе']);
  });

  it('finds «Годовой отчёт» by отчёт, отчеты, отчетов: ё and е alike', async () => {
    const expected = await titles('отчёт');
    expect(expected).toContain('Годовой отчёт за 2025 год');
    expect(expected).toContain('Годовой отчёт за 2024 год');
    for (const q of ['отчеты', 'отчетов', 'Отчёты']) expect((await titles(q)).sort(), q).toEqual([...expected].sort());
    const [document] = (await found('годовой отчет 2025')).filter((item) => item.resource === 'investor-documents');
    expect(document).toMatchObject({
      kind: 'Документ',
      url: expect.stringMatching(/^\/api\/investor-documents\/\d+\/file$/),
    });
    expect(plain(document!.title)).toBe('Годовой отчёт за 2025 год');
  });

  it('hides drafts and scheduled items publicly; the admin list search finds them in every form', async () => {
    const publicTitles = await titles('новостей');
    expect(publicTitles).not.toContain('Черновая новость');
    expect(publicTitles).not.toContain('Будущая новость');
    const adminTitles = await adminList('news', 'новостей');
    expect(adminTitles).toEqual(expect.arrayContaining(['Главная новость недели', 'Черновая новость', 'Будущая новость']));
    expect(await adminList('investor-documents', 'отчеты')).toContain('Годовой отчёт за 2025 год');
    // Resources without a search declaration keep the substring match.
    expect(
      (
        await t.app.inject({
          url: `/api/admin/menus?filter=${encodeURIComponent('{"q":"Новост"}')}`,
          headers: manager,
        })
      ).json().data.length,
    ).toBeGreaterThan(0);
  });

  it('follows admin updates and removals', async () => {
    const updated = await postForm(t.app, `/api/admin/news/update/${ids.published}`, manager, { title: 'Сводка о заводах', lead: 'Итоги квартала.' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await titles('новостей')).not.toContain('Главная новость недели');
    expect(await titles('сводки')).toContain('Сводка о заводах');
    await postForm(t.app, `/api/admin/news/update/${ids.draft}`, manager, { published: 1 });
    expect(await titles('черновой')).toContain('Черновая новость');
    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/news/remove/${ids.published}`,
      headers: manager,
    });
    expect(removed.statusCode).toBe(200);
    expect(await titles('сводки')).not.toContain('Сводка о заводах');
    expect(await adminList('news', 'сводки')).toEqual([]);
  });

  it('counts a very common word up to 1000 and ranks it among the newest 1000 items that have it', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const rows = Array.from({ length: SEARCH_RESULTS_MAX + 5 }, (_, index) => {
      const at = minutesAgo(10 + index);
      const title = index === 0 ? 'Размещение облигаций завершено' : index === SEARCH_RESULTS_MAX + 4 ? 'Облигации прошлых лет' : `Сообщение ${index}`;
      return {
        title,
        slug: `soobshchenie-${index}`,
        lead: 'Выпуск облигаций.',
        content: '',
        image: null,
        image_alt: '',
        public_at: at,
        published: 1 as const,
        seo_title: '',
        seo_description: '',
        updated_at: at,
      };
    });
    for (let offset = 0; offset < rows.length; offset += 200)
      await t.app.db
        .insertInto('news')
        .values(rows.slice(offset, offset + 200))
        .execute();
    await reindexAll(t.app.db);
    // The rebuild reads each resource in batches and merges them: the whole index still follows the dates.
    const dates = (await t.app.db.selectFrom('search_index').select('date').orderBy('id').execute()).map((row) => row.date);
    expect(dates).toEqual([...dates].sort());

    const first = (await search('облигаций')).json().data;
    expect(first).toMatchObject({ total: SEARCH_RESULTS_MAX, more: true, pageCount: SEARCH_RESULTS_MAX / 10 });
    expect(plain(first.items[0].title)).toBe('Размещение облигаций завершено');
    const last = (await search('облигаций', SEARCH_RESULTS_MAX / 10)).json().data;
    expect(last.items).toHaveLength(10);
    expect(last.items.map((item: Found) => plain(item.title))).not.toContain('Облигации прошлых лет');
    expect((await search('выпуск')).json().data).toMatchObject({ total: SEARCH_RESULTS_MAX, more: true });
    expect((await search('отчетов')).json().data.more).toBe(false);
  });

  it('answers 400 in Russian for an empty or too long query and 404 for a bad page', async () => {
    for (const url of ['/api/search', '/api/search?q=', '/api/search?q=%20%20', `/api/search?q=${'а'.repeat(300)}`]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({
        message: 'Некорректный поисковый запрос.',
        errors: { q: [expect.any(String)] },
      });
    }
    expect((await t.app.inject({ url: '/api/search?q=a&q=b' })).statusCode).toBe(400);
    expect((await search('отчет', 0)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/search?q=отчет&page=abc' })).statusCode).toBe(404);
    expect((await search('и в на')).json().data).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await search('отчет', 50)).json().data).toMatchObject({
      items: [],
      page: 50,
    });
  });

  it('searches the admin by role: USER sees only its resources, MANAGER every one', async () => {
    const asManager = await t.app.inject({
      url: '/api/admin/search?q=отчеты',
      headers: manager,
    });
    expect(asManager.statusCode, asManager.body).toBe(200);
    expect(asManager.json().data.map((item: { resource: string }) => item.resource)).toContain('investor-documents');
    const asUser = (await t.app.inject({ url: '/api/admin/search?q=отчеты', headers: user })).json().data as { resource: string }[];
    expect(asUser.every((item) => ['news', 'media-our', 'media-other', 'media-video'].includes(item.resource))).toBe(true);
    const drafts = (await t.app.inject({ url: '/api/admin/search?q=черновая', headers: user })).json().data;
    expect(drafts).toEqual([
      expect.objectContaining({
        resource: 'news',
        id: ids.draft,
        kind: 'Новость',
        title: 'Черновая новость',
        url: expect.stringMatching(/^\/news\/[a-z0-9-]+$/),
      }),
    ]);
    expect((await t.app.inject({ url: '/api/admin/search?q=отчеты' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/search?q=', headers: user })).statusCode).toBe(400);
  });
});
