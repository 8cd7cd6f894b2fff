import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '../../lib/paging.js';
import { investorDocuments } from '../../lib/resources/investor-documents.js';
import { mediaOther, mediaVideo } from '../../lib/resources/media.js';
import { news } from '../../lib/resources/articles.js';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import { declared } from '../../server/db/declared.js';
import { visibleNow } from '../../server/content/visibility.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo, insertArticle, insertPress, insertVideo } from '../helpers/fixtures.js';
import { ensureSiteBuilt } from '../site/server.js';
import { postForm } from './admin-helpers.js';

type Order = readonly (readonly [string, 'asc' | 'desc'])[];
const NEWEST_FIRST: Order = [
  ['public_at', 'desc'],
  ['id', 'desc'],
];

/** Visible, a draft, scheduled, withdrawn: what a list must show and skip, `n` deciding which (dates shared in pairs). */
function stateOf(n: number): { public_at: string; published: 0 | 1; unpublish_at?: string } {
  const shared = daysAgo(1 + Math.floor(n / 2));
  if (n % 7 === 3) return { public_at: shared, published: 0 };
  if (n % 7 === 5) return { public_at: daysAgo(-2 - n), published: 1 };
  if (n % 11 === 4) return { public_at: shared, published: 1, unpublish_at: daysAgo(0.5) };
  return { public_at: shared, published: 1 };
}

/**
 * Deep pages read the list's order kept per cache generation, not an OFFSET: every page must hold exactly what the
 * old OFFSET read gave, with drafts, scheduled and withdrawn items mixed in, equal dates and a filter; totals follow
 * a write on the next request. The app runs with the page cache off, as it is measured.
 */
describe.each(await testDialects())('public list paging on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const photoCategories: number[] = [];

  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect, { env: { PAGE_CACHE_MB: '0' } });
    headers = (await userWithToken(t.app, 'USER')).headers;
    const db = t.app.db;
    for (let n = 0; n < 45; n++) {
      const state = stateOf(n);
      await insertArticle(db, 'news', { ...state, slug: `novost-${n}` });
      await insertPress(db, state);
      await insertVideo(db, { ...state, fixed: n % 6 === 0 ? 1 : 0, fixed_order: n % 6 === 0 ? 45 - n : null });
    }
    for (let n = 0; n < 90; n++) {
      await db
        .insertInto('investor_documents')
        .values({ title: `Отчёт ${n}`, category: 'disclosure', year: n % 4 === 0 ? 2023 : 2024, file: null, ...stateOf(n), updated_at: daysAgo(1) })
        .execute();
    }
    const group = await db.insertInto('photobank_groups').values({ kind: 'photo', title: 'Фотографии', position: 1 }).returning('id').executeTakeFirstOrThrow();
    for (let n = 1; n <= PAGE_SIZES.photobankCategories + 2; n++) {
      const category = await db
        .insertInto('photobank_categories')
        .values({ group_id: group.id, title: `Категория №${n}`, position: n })
        .returning('id')
        .executeTakeFirstOrThrow();
      photoCategories.push(category.id);
      await db
        .insertInto('photobank_photos')
        .values({ category_id: category.id, title: `Фото категории №${n}`, image: null, image_alt: '', size: 0, position: 1 })
        .execute();
    }
  }, 240_000);
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const ids = (items: { id: number }[]) => items.map((item) => item.id);

  /** The ids the old read gave for one page: the visibility rule, the filters, the order, LIMIT and OFFSET. */
  async function offsetPage(resource: ResourceDescriptor, order: Order, perPage: number, page: number, filters: Record<string, string | number> = {}) {
    let query = declared(t.app.db).selectFrom(resource.table).select('id').where(visibleNow(resource));
    for (const [name, value] of Object.entries(filters)) query = query.where(name, '=', value);
    for (const [column, direction] of order) query = query.orderBy(column, direction);
    return (
      await query
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute()
    ).map((row) => Number(row.id));
  }

  /** Reads every page of a JSON list and the one after the last, comparing each with the OFFSET read. */
  async function expectPagesAsOffset(url: (page: number) => string, resource: ResourceDescriptor, order: Order, perPage: number, filters = {}) {
    const first = (await get(url(1))).json().data;
    expect(first.pageCount).toBeGreaterThan(2);
    let seen = 0;
    for (let page = 1; page <= first.pageCount + 1; page++) {
      const data = (await get(url(page))).json().data;
      expect(data).toMatchObject({ page, perPage, pageCount: first.pageCount, total: first.total });
      expect(ids(data.items), `${url(page)}`).toEqual(await offsetPage(resource, order, perPage, page, filters));
      seen += data.items.length;
    }
    expect(seen).toBe(first.total);
  }

  it('every page of the news lists holds what the OFFSET read gave, drafts, scheduled and withdrawn items left out', async () => {
    await expectPagesAsOffset((page) => `/api/news/main-items?page=${page}`, news, NEWEST_FIRST, PAGE_SIZES.newsMain);
    await expectPagesAsOffset((page) => `/api/news/items?ourPage=${page}`, news, NEWEST_FIRST, PAGE_SIZES.news);
  });

  it('so do the press items and the videos (fixed ones first, in their order)', async () => {
    await expectPagesAsOffset((page) => `/api/media/other-items?page=${page}`, mediaOther, NEWEST_FIRST, PAGE_SIZES.mediaOther);
    const videoOrder: Order = [['fixed', 'desc'], ['fixed_order', 'asc'], ...NEWEST_FIRST];
    await expectPagesAsOffset((page) => `/api/media/video-items?page=${page}`, mediaVideo, videoOrder, PAGE_SIZES.mediaVideo);
  });

  it('a filtered list pages its own items only', async () => {
    const perPage = investorDocuments.public.list.perPage;
    const url = (year: number) => (page: number) => `/api/investor-documents?year=${year}&page=${page}`;
    await expectPagesAsOffset(url(2024), investorDocuments, NEWEST_FIRST, perPage, { year: 2024 });
    const other = (await get(url(2023)(1))).json().data;
    expect(ids(other.items)).toEqual(await offsetPage(investorDocuments, NEWEST_FIRST, perPage, 1, { year: 2023 }));
  });

  it('a deep page of the news page shows the same items as its JSON', async () => {
    const data = (await get('/api/news/items?ourPage=2')).json().data;
    const html = (await get('/news?page=2')).body;
    for (const item of data.items as { title: string }[]) expect(html).toContain(item.title);
    expect((await get(`/news?page=${data.pageCount + 1}`)).statusCode).toBe(404);
  });

  it('totals and pages follow an addition and a removal on the very next request', async () => {
    const before = (await get('/api/news/items?ourPage=1')).json().data;
    const added = await postForm(t.app, '/api/admin/news/add', headers, { title: 'Свежая новость о заводе', lead: 'Анонс', public_at: daysAgo(0.01) });
    expect(added.statusCode, added.body).toBe(200);
    const id = (added.json() as { data: { id: number } }).data.id;
    const after = (await get('/api/news/items?ourPage=1')).json().data;
    expect(after.total).toBe(before.total + 1);
    expect(after.items[0].id).toBe(id);
    expect((await get('/api/news/main-items?page=1')).json().data.total).toBe(before.total + 1);

    const removed = await t.app.inject({ method: 'POST', url: `/api/admin/news/remove/${id}`, headers });
    expect(removed.statusCode, removed.body).toBe(200);
    const again = (await get('/api/news/items?ourPage=1')).json().data;
    expect(again.total).toBe(before.total);
    expect(ids(again.items)).toEqual(ids(before.items));
  });

  it('a scheduled item appears when its time comes, with the page cache off and no write', async () => {
    const at = Date.now() + 1500;
    const added = await postForm(t.app, '/api/admin/news/add', headers, {
      title: 'Новость по расписанию',
      lead: 'Анонс',
      public_at: new Date(at).toISOString(),
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = (added.json() as { data: { id: number } }).data.id;
    const before = (await get('/api/news/items')).json().data;
    expect(ids(before.items)).not.toContain(id);
    // Asked again and again, as visitors do, until the moment has come.
    await expect.poll(async () => (await get('/api/news/items')).json().data.items[0].id).toBe(id);
    expect(Date.now()).toBeGreaterThanOrEqual(at);
    const after = (await get('/api/news/items')).json().data;
    expect(after.items[0].id).toBe(id);
    expect(after.total).toBe(before.total + 1);
  });

  it('the photobank page shows its categories a page at a time, with real addresses to the next ones', async () => {
    const perPage = PAGE_SIZES.photobankCategories;
    const titlesIn = (html: string) => [...new Set([...html.matchAll(/Категория №(\d+)/g)].map((match) => Number(match[1])))];
    const first = await get('/media/photobank');
    expect(first.statusCode).toBe(200);
    expect(titlesIn(first.body)).toEqual(Array.from({ length: perPage }, (_, n) => n + 1));
    expect(first.body).toContain('href="/media/photobank?page=2"');

    const second = await get('/media/photobank?page=2');
    expect(second.statusCode).toBe(200);
    expect(titlesIn(second.body)).toEqual([perPage + 1, perPage + 2]);
    expect(second.body).toContain(`Фото категории №${perPage + 2}`);
    expect((await get('/media/photobank?page=3')).statusCode).toBe(404);

    const groups = async (page: number) =>
      ((await get(`/api/photobank/photos?page=${page}`)).json().data as { categories: { id: number }[] }[]).flatMap((group) => ids(group.categories));
    expect(await groups(1)).toEqual(photoCategories.slice(0, perPage));
    expect(await groups(2)).toEqual(photoCategories.slice(perPage));
    expect(await groups(3)).toEqual([]);
    expect((await get('/api/photobank/photos?page=0')).statusCode).toBe(404);
  });
});
