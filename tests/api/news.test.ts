import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '../../lib/paging.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo, insertArticle } from '../helpers/fixtures.js';

describe.each(await testDialects())('news reads on %s', (dialect) => {
  let t: TestApp;
  const sameDate = daysAgo(2);
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.app.db;
    // 11 visible items: two share a date, so the id decides their order.
    for (let i = 0; i < 9; i++) ids[`old${i}`] = await insertArticle(db, 'news', { public_at: daysAgo(10 + i) });
    ids.tieFirst = await insertArticle(db, 'news', { public_at: sameDate, slug: 'tie-first' });
    ids.tieSecond = await insertArticle(db, 'news', { public_at: sameDate, slug: 'tie-second' });
    ids.draft = await insertArticle(db, 'news', { published: 0, slug: 'draft' });
    ids.scheduled = await insertArticle(db, 'news', { public_at: daysAgo(-3), slug: 'scheduled' });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('pages the list newest first, equal dates by id descending, with perPage and pageCount', async () => {
    const first = await get('/api/news/items');
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data).toMatchObject({ page: 1, perPage: PAGE_SIZES.news, total: 11, pageCount: 2 });
    expect(data.items.slice(0, 2).map((item: { id: number }) => item.id)).toEqual([ids.tieSecond, ids.tieFirst]);
    const second = (await get('/api/news/items?ourPage=2')).json().data;
    expect(second.items).toHaveLength(11 - PAGE_SIZES.news);
    expect(second.items.at(-1).id).toBe(ids.old8);
  });

  it('answers an empty page beyond the last one', async () => {
    const data = (await get('/api/news/items?ourPage=3')).json().data;
    expect(data).toMatchObject({ items: [], page: 3, pageCount: 2 });
  });

  it('hides drafts and scheduled items from lists and item reads', async () => {
    const all = [...(await get('/api/news/items')).json().data.items, ...(await get('/api/news/items?ourPage=2')).json().data.items];
    const listed = all.map((item: { id: number }) => item.id);
    expect(listed).not.toContain(ids.draft);
    expect(listed).not.toContain(ids.scheduled);
    expect((await get(`/api/news/item/${ids.draft}`)).statusCode).toBe(404);
    expect((await get('/api/news/item/scheduled')).statusCode).toBe(404);
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', ''.padEnd(20, '9')])('answers page value "%s" with 404 Page not found.', async (value) => {
    const response = await get(`/api/news/items?ourPage=${value}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Page not found.' });
  });

  it('limits main items to three a page', async () => {
    const data = (await get('/api/news/main-items?page=1')).json().data;
    expect(data.items).toHaveLength(3);
    expect(data.perPage).toBe(3);
    expect((await get('/api/news/main-items?page=x')).statusCode).toBe(404);
  });

  it('reads one article by id and by slug, and 404s an unknown one', async () => {
    const byId = await get(`/api/news/item/${ids.tieFirst}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data).toMatchObject({ id: ids.tieFirst, slug: 'tie-first', content: '<p>Текст</p>' });
    expect((await get('/api/news/item/tie-second')).json().data.id).toBe(ids.tieSecond);
    const unknown = await get('/api/news/item/no-such-article');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBeTruthy();
    expect((await get('/api/news/item/99999999')).statusCode).toBe(404);
  });
});
