import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { ensureSiteBuilt } from '../site/server.js';
import { adminHeaders, postForm } from './admin-helpers.js';

const SITE = 'https://www.example.test';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A record's English address follows its changes as its Russian one does: old addresses redirect, IndexNow is told. */
describe.each(await testDialects())('English addresses on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect, {
      env: { SITE_LOCALES: 'ru,en', PUBLIC_URL: SITE, INDEXNOW_KEY: 'a1b2c3d4e5f6a7b8c9d0', INDEXNOW_ENDPOINT: 'http://127.0.0.1:9/indexnow' },
      // Nothing is delivered during the test: the notices stay in the outbox to be read.
      build: { outboxEveryMs: DAY_MS },
    });
    headers = await adminHeaders(t.app, 'USER');
  }, 240_000);
  afterAll(() => t?.close());

  /**
   * The addresses of the IndexNow notices waiting, sorted, taken out of the outbox as a delivery would: a notice of an
   * address still waiting absorbs a new one, so each step is read on an outbox its previous step left empty.
   */
  const takeNotices = async () => {
    const rows = await t.app.db.selectFrom('outbox').select('payload').where('kind', '=', 'indexnow').where('sent_at', 'is', null).execute();
    await t.app.db.deleteFrom('outbox').where('kind', '=', 'indexnow').execute();
    return rows.flatMap((row) => (JSON.parse(row.payload) as { urls: string[] }).urls).sort();
  };

  const update = async (id: number, english: Record<string, string>) => {
    const response = await postForm(t.app, `/api/admin/news/update/${id}`, { ...headers, 'if-match': '*' }, { translations: JSON.stringify({ en: english }) });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('answers the old English address with a 301 to the new one after the English slug changes, in one hop', async () => {
    const added = await postForm(t.app, '/api/admin/news/add', headers, {
      title: 'Совет директоров принял решение',
      public_at: '2026-03-12T09:00:00.000Z',
      translations: JSON.stringify({ en: { title: 'The board decided', slug: 'board-decided' } }),
    });
    expect(added.statusCode, added.body).toBe(200);
    const { id, slug } = added.json().data as { id: number; slug: string };
    await update(id, { slug: 'board-decision' });
    const moved = await t.app.inject('/en/news/board-decided');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/en/news/board-decision');
    expect((await t.app.inject('/en/news/board-decision')).statusCode).toBe(200);
    await update(id, { slug: 'the-board-decision' });
    for (const old of ['/en/news/board-decided', '/en/news/board-decision']) {
      const answer = await t.app.inject(old);
      expect(answer.statusCode, old).toBe(301);
      expect(answer.headers.location).toBe('/en/news/the-board-decision');
    }
    // The Russian address has no redirect of its own.
    expect((await t.app.inject(`/news/${slug}`)).statusCode).toBe(200);
  });

  it('tells IndexNow the English addresses of a changed record beside its Russian one, the old and the new', async () => {
    await takeNotices();
    const added = await postForm(t.app, '/api/admin/news/add', headers, {
      title: 'Годовое собрание акционеров',
      public_at: '2026-03-12T09:00:00.000Z',
      translations: JSON.stringify({ en: { title: 'Annual general meeting', slug: 'agm' } }),
    });
    expect(added.statusCode, added.body).toBe(200);
    const { id, slug } = added.json().data as { id: number; slug: string };
    expect(await takeNotices()).toEqual([`${SITE}/en/news/agm`, `${SITE}/news/${slug}`]);
    await update(id, { slug: 'annual-meeting' });
    expect(await takeNotices()).toEqual([`${SITE}/en/news/agm`, `${SITE}/en/news/annual-meeting`, `${SITE}/news/${slug}`]);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/news/remove/${id}`, headers })).statusCode).toBe(200);
    expect(await takeNotices()).toEqual([`${SITE}/en/news/annual-meeting`, `${SITE}/news/${slug}`]);
  });

  it("brings a restored record's English address back as its Russian one: a redirect made from it meanwhile gives way, and IndexNow is told both", async () => {
    const added = await postForm(t.app, '/api/admin/news/add', headers, {
      title: 'Отчёт за квартал',
      public_at: '2026-03-12T09:00:00.000Z',
      translations: JSON.stringify({ en: { title: 'Quarterly report', slug: 'quarterly-report' } }),
    });
    expect(added.statusCode, added.body).toBe(200);
    const { id, slug } = added.json().data as { id: number; slug: string };
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/news/remove/${id}`, headers })).statusCode).toBe(200);
    // While the record is in the trash, its English address is led elsewhere.
    const now = new Date().toISOString();
    await t.app.db.insertInto('redirects').values({ from_path: '/en/news/quarterly-report', to_path: '/en/news', created_at: now, updated_at: now }).execute();
    expect((await t.app.inject('/en/news/quarterly-report')).statusCode).toBe(301);

    await takeNotices();
    const restored = await t.app.inject({ method: 'POST', url: `/api/admin/trash/restore/news/${id}`, headers });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await takeNotices()).toEqual([`${SITE}/en/news/quarterly-report`, `${SITE}/news/${slug}`]);
    const page = await t.app.inject('/en/news/quarterly-report');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Quarterly report');
    expect(await t.app.db.selectFrom('redirects').select('id').where('from_path', '=', '/en/news/quarterly-report').execute()).toEqual([]);
  });
});
