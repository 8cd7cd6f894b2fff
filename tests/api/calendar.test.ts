import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarItem } from '../../lib/calendar.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo, insertArticle } from '../helpers/fixtures.js';
import { adminHeaders } from './admin-helpers.js';

describe.each(await testDialects())('publishing calendar on %s', (dialect) => {
  let t: TestApp;
  let manager: Record<string, string>;
  let user: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await adminHeaders(t.app, 'MANAGER');
    user = await adminHeaders(t.app, 'USER');
    await insertArticle(t.app.db, 'news', { title: 'Вчерашняя новость', public_at: daysAgo(1) });
    await insertArticle(t.app.db, 'news', { title: 'Завтрашняя новость', public_at: daysAgo(-1) });
    await insertArticle(t.app.db, 'news', { title: 'Давняя новость', public_at: daysAgo(200) });
    await insertArticle(t.app.db, 'media_our', { title: 'Черновик статьи', public_at: daysAgo(300), published: 0 });
    await t.app.db
      .insertInto('investor_documents')
      .values({ title: 'Отчёт эмитента', category: 'disclosure', year: 2026, file: null, public_at: daysAgo(2), published: 1, updated_at: daysAgo(2) })
      .execute();
  });
  afterAll(() => t.close());

  const read = async (headers: Record<string, string>, query: string) => {
    const response = await t.app.inject({ url: `/api/admin/calendar?${query}`, headers });
    return { status: response.statusCode, body: response.json() as { data: CalendarItem[]; message?: string } };
  };
  const period = `from=${encodeURIComponent(daysAgo(10))}&to=${encodeURIComponent(daysAgo(-10))}`;

  it('answers published and scheduled items of the period in time order, and the drafts after them', async () => {
    const { status, body } = await read(manager, period);
    expect(status).toBe(200);
    expect(body.data.map((item) => item.title)).toEqual(['Отчёт эмитента', 'Вчерашняя новость', 'Завтрашняя новость', 'Черновик статьи']);
    expect(body.data[0]).toEqual({
      resource: 'investor-documents',
      id: expect.any(Number),
      title: 'Отчёт эмитента',
      kind: 'publication',
      public_at: expect.any(String),
      unpublish_at: null,
      published: true,
    });
    expect(body.data.at(-1)).toMatchObject({ resource: 'media-our', published: false });
  });

  it("shows a USER only its role's resources, and takes the period from react-admin's filter too", async () => {
    const filter = encodeURIComponent(JSON.stringify({ from: daysAgo(10), to: daysAgo(-10) }));
    const { status, body } = await read(user, `filter=${filter}`);
    expect(status).toBe(200);
    expect(body.data.map((item) => item.title)).toEqual(['Вчерашняя новость', 'Завтрашняя новость', 'Черновик статьи']);
  });

  it('shows a withdrawal as an entry of its own at its unpublish_at, beside the publication', async () => {
    const publicAt = daysAgo(30);
    const unpublishAt = daysAgo(-3);
    const id = await insertArticle(t.app.db, 'news', { title: 'Новость со сроком', public_at: publicAt, unpublish_at: unpublishAt });
    const { status, body } = await read(manager, period);
    expect(status).toBe(200);
    const entries = body.data.filter((item) => item.id === id && item.resource === 'news');
    // The publication lies before the period: only the withdrawal falls in it.
    expect(entries).toEqual([
      { resource: 'news', id, title: 'Новость со сроком', kind: 'withdrawal', public_at: publicAt, unpublish_at: unpublishAt, published: true },
    ]);
    // Dated entries stay in time order, the withdrawal among them.
    const titles = body.data.filter((item) => item.published).map((item) => item.title);
    expect(titles.indexOf('Новость со сроком')).toBeGreaterThan(titles.indexOf('Завтрашняя новость'));

    const wide = `from=${encodeURIComponent(daysAgo(40))}&to=${encodeURIComponent(daysAgo(-10))}`;
    const both = (await read(manager, wide)).body.data.filter((item) => item.id === id && item.resource === 'news');
    expect(both.map((item) => item.kind)).toEqual(['publication', 'withdrawal']);
  });

  it('refuses a missing or inverted period with a Russian 400', async () => {
    expect((await read(manager, '')).status).toBe(400);
    expect((await read(manager, 'from=abc&to=2026-01-01')).body.message).toBe('Некорректный период календаря.');
    expect((await read(manager, `from=${encodeURIComponent(daysAgo(-10))}&to=${encodeURIComponent(daysAgo(10))}`)).status).toBe(400);
    expect((await read(manager, 'from=2020-01-01&to=2026-01-01')).status).toBe(400);
    expect((await t.app.inject({ url: `/api/admin/calendar?${period}` })).statusCode).toBe(401);
  });
});
