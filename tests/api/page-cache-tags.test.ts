import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageCache, type CachedResponse } from '../../server/cache/pageCache.js';
import { InvalidationBus } from '../../server/cache/invalidationBus.js';
import { DEFAULT_DATABASE_TIMEOUTS } from '../../server/config/services.js';
import { connectDatabase } from '../../server/db/connect.js';
import { QueryLog, withQueryLog } from '../../server/db/queryLog.js';
import { typesetText } from '../../server/content/typography.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { createPostgresDatabase, testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { gate } from '../helpers/waits.js';
import { postForm } from './admin-helpers.js';

const NEWS = '/api/news/main-items?page=1';
const PHOTOBANK = '/api/photobank/photos';
const MEDIA = '/api/media/items';
/** Asked for nowhere else in this file, so that no render again after a change meets the requests at once. */
const PRESS = '/api/media/other-items';

/**
 * The page cache ends only what a write changed: each stored answer knows the tables its render read, a write ends
 * the answers that read a table it wrote, one render serves every request that came while it ran, and pages a write
 * ended are rendered again in the background. Public JSON reads stand for the pages here (the pages are the same
 * mechanism, tests/site/cache.test.ts).
 */
describe.each(await testDialects())('page cache by what answers read, on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: true, env: { SITE_LOCALES: 'ru,en' } });
    headers = (await userWithToken(t.app, 'USER')).headers;
  }, 240_000);
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const statusOf = async (url: string) => String((await get(url)).headers['cache-status']);
  const addNews = async (title: string, publicAt = daysAgo(1)) => {
    const response = await postForm(t.app, '/api/admin/news/add', headers, { title, public_at: publicAt, published: 1, content: '<p>Текст</p>' });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { id: number } }).data;
  };
  const until = (condition: () => Promise<boolean> | boolean) => expect.poll(condition).toBe(true);
  /** Asks until the answer is stored and the next one is a hit. */
  const cached = async (...urls: string[]) => {
    for (const url of urls) await until(async () => (await statusOf(url)) === 'corporate-site; hit');
  };

  it('keeps answers that did not read what a news save wrote, and ends those that did', async () => {
    await cached(NEWS, PHOTOBANK, MEDIA);
    await addNews('Новость, которая не касается фотобанка');
    expect(await statusOf(PHOTOBANK)).toBe('corporate-site; hit');
    expect(await statusOf(MEDIA)).toBe('corporate-site; hit');
    const news = await get(NEWS);
    expect(news.body).toContain(typesetText('Новость, которая не касается фотобанка'));
    expect(news.headers['cache-status']).toMatch(/^corporate-site; (fwd=miss; (stored|collapsed)|hit)$/);
  });

  it('keeps the feed and sitemap file of news when a photo is saved', async () => {
    const newsSitemap = /\/sitemaps\/news-\d+\.xml/.exec((await get('/sitemap.xml')).body)?.[0];
    expect(newsSitemap).toBeDefined();
    const feeds = ['/rss.xml', String(newsSitemap)];
    await cached(...feeds);
    const photo = await t.app.db.selectFrom('photobank_photos').select('id').orderBy('id').executeTakeFirstOrThrow();
    const saved = await postForm(t.app, `/api/admin/photobank/photo/update/${photo.id}`, headers, { title: 'Фото, которого нет в новостях' });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const url of feeds) expect(await statusOf(url), url).toBe('corporate-site; hit');
  });

  it('keeps the first page of news when an old item below it is saved', async () => {
    await cached(NEWS);
    const shown = new Set(((await get(NEWS)).json() as { data: { items: { id: number }[] } }).data.items.map((item) => item.id));
    const oldest = await t.app.db.selectFrom('news').select('id').orderBy('public_at').orderBy('id').executeTakeFirstOrThrow();
    expect(shown.has(oldest.id)).toBe(false);
    const saved = await postForm(t.app, `/api/admin/news/update/${oldest.id}`, headers, { title: 'Старая новость после правки' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await statusOf(NEWS)).toBe('corporate-site; hit');
    expect((await get(`/api/news/item/${oldest.id}`)).body).toContain(typesetText('Старая новость после правки'));
  });

  it('ends the answers of a record and its lists when the record is saved again', async () => {
    const added = await addNews('Заголовок до правки');
    const item = `/api/news/item/${added.id}`;
    await cached(NEWS);
    expect((await get(item)).body).toContain(typesetText('Заголовок до правки'));
    const saved = await postForm(t.app, `/api/admin/news/update/${added.id}`, headers, { title: 'Заголовок после правки' });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const url of [item, NEWS]) {
      const answer = await get(url);
      expect(answer.body, url).toContain(typesetText('Заголовок после правки'));
      expect(answer.body, url).not.toContain(typesetText('Заголовок до правки'));
    }
  });

  it("tells one category's list from another's: a photo saved ends its category's answer, moved it ends both", async () => {
    const photos = await t.app.db.selectFrom('photobank_photos').select(['id', 'category_id']).orderBy('id').execute();
    const photo = photos[0]!;
    const other = photos.find((row) => row.category_id !== photo.category_id)!;
    const [home, away] = [`/api/photobank/categories/${photo.category_id}`, `/api/photobank/categories/${other.category_id}`];
    const save = async (values: Record<string, string | number>) => {
      const saved = await postForm(t.app, `/api/admin/photobank/photo/update/${photo.id}`, headers, values);
      expect(saved.statusCode, saved.body).toBe(200);
    };
    await cached(home, away, NEWS);
    await save({ title: 'Фото после правки' });
    expect(await statusOf(away)).toBe('corporate-site; hit');
    expect(await statusOf(NEWS)).toBe('corporate-site; hit');
    expect((await get(home)).body).toContain(typesetText('Фото после правки'));

    await cached(home, away);
    await save({ category_id: other.category_id });
    expect((await get(home)).body).not.toContain(typesetText('Фото после правки'));
    expect((await get(away)).body).toContain(typesetText('Фото после правки'));
  });

  it('tells what each row a write request changed was before and after: read, updated, removed', async () => {
    const log = new QueryLog({ forWrites: true });
    const photo = await withQueryLog(log, async () => {
      const row = await t.app.db.selectFrom('photobank_photos').selectAll().orderBy('id').limit(1).executeTakeFirstOrThrow();
      const current = await t.app.db.selectFrom('photobank_photos').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      await t.app.db.updateTable('photobank_photos').set({ title: 'Другое' }).where('id', '=', current.id).returningAll().execute();
      return current;
    });
    const [updated] = log.knownRowChanges().photobank_photos ?? [];
    expect(updated).toMatchObject({ id: photo.id, before: { title: photo.title }, after: { title: 'Другое', category_id: String(photo.category_id) } });
    await withQueryLog(log, () => t.app.db.deleteFrom('photobank_photos').where('id', '=', photo.id).execute());
    expect(log.knownRowChanges().photobank_photos).toEqual([
      expect.objectContaining({ id: photo.id, before: expect.objectContaining({ title: photo.title }), after: null }),
    ]);
  });

  it("keeps another resource's English answers when a news item's English version is saved", async () => {
    const added = await addNews('Новость с английской версией');
    const [englishNews, englishPhotos] = [`${NEWS}&locale=en`, `${PHOTOBANK}?locale=en`];
    await cached(englishNews, englishPhotos);
    const saved = await postForm(t.app, `/api/admin/news/update/${added.id}`, headers, {
      translations: JSON.stringify({ en: { title: 'News in English', content: '<p>Text</p>' } }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await statusOf(englishPhotos)).toBe('corporate-site; hit');
    expect((await get(englishNews)).body).toContain('News in English');
  });

  it('renders again in the background the answers a save ended that visitors asked for', async () => {
    await cached(NEWS);
    const misses = t.app.pageCache.outcomes.counts.miss;
    await addNews('Новость для прогрева');
    // The warmer's render is the one miss; the visitor after it gets a stored answer with the new item.
    await until(() => t.app.pageCache.outcomes.counts.miss > misses);
    await until(async () => (await statusOf(NEWS)) === 'corporate-site; hit');
    expect((await get(NEWS)).body).toContain(typesetText('Новость для прогрева'));
  });

  it('renders a page once for many requests at the same time: the others wait and get its answer', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(PRESS)));
    const statuses = answers.map((answer) => String(answer.headers['cache-status']));
    expect(statuses.filter((status) => status.includes('fwd=miss; stored'))).toHaveLength(1);
    expect(statuses.filter((status) => status.includes('collapsed')).length).toBeGreaterThan(0);
    for (const status of statuses) expect(status).toMatch(/^corporate-site; (hit|fwd=miss; stored|fwd=miss; collapsed)$/);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it("ends at a scheduled item's time only what read its table", async () => {
    const at = new Date(Date.now() + 1500).toISOString();
    await addNews('Появится по расписанию', at);
    await cached(NEWS, PHOTOBANK);
    expect((await get(NEWS)).body).not.toContain(typesetText('Появится по расписанию'));
    // Asked again and again, as visitors do: the stored list ends once the moment has come.
    await expect.poll(async () => (await get(NEWS)).body).toContain(typesetText('Появится по расписанию'));
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(at));
    expect(await statusOf(PHOTOBANK)).toBe('corporate-site; hit');
  });

  it('says a request with credentials bypasses the cache', async () => {
    const answer = await t.app.inject({ method: 'GET', url: NEWS, headers });
    expect(answer.headers['cache-status']).toBe('corporate-site; fwd=bypass');
  });
});

describe('a render that began before a change of what it read', () => {
  const response = (): CachedResponse => {
    const variant = { headers: {}, body: Buffer.from('x') };
    return { statusCode: 200, etag: 'W/"x"', identity: variant, gzip: variant, br: variant, notModified: {}, onHit: null };
  };
  const cache = new PageCache({ maxBytes: 1024 * 1024, nextScheduledChanges: async () => [] });

  it('is not stored when a table it read changed meanwhile, and is when another table changed', async () => {
    const stale = cache.ticket('/news');
    stale.reads.read.add('news');
    const fresh = cache.ticket('/photobank');
    fresh.reads.read.add('photobank_photos');
    await cache.invalidate({ tables: ['news'] });
    expect(await cache.set(stale, response())).toBe(false);
    expect(await cache.set(fresh, response())).toBe(true);
    await cache.invalidate({ tables: ['media_our'] });
    expect(cache.get('/photobank')).toBeDefined();
    await cache.invalidate({ tables: ['photobank_photos'] });
    expect(cache.get('/photobank')).toBeUndefined();
  });

  it('is not stored when a record it read changed meanwhile, and is when another record of its table changed', async () => {
    const stale = cache.ticket('/news/a');
    stale.reads.readRecords('news', [1]);
    const fresh = cache.ticket('/news/b');
    fresh.reads.readRecords('news', [2]);
    const list = cache.ticket('/news');
    list.reads.read.add('news');
    await cache.invalidate({ tables: [], records: { news: [1] } });
    expect(await cache.set(stale, response())).toBe(false);
    expect(await cache.set(list, response())).toBe(false);
    expect(await cache.set(fresh, response())).toBe(true);
    // Rows only added: the lists end, no record's answer.
    await cache.invalidate({ tables: [], records: { news: [] } });
    expect(cache.get('/news/b')).toBeDefined();
    await cache.invalidate({ tables: ['news'] });
    expect(cache.get('/news/b')).toBeUndefined();
  });

  it('does not keep a value computed before a change of a table it read for those who ask after it', async () => {
    let computed = 0;
    // The first computation is still going on when the table changes: it ends only when the test lets it.
    const computing = gate();
    const reads = () =>
      cache.memo('menu', async () => {
        const made = ++computed;
        await computing.opened;
        return made;
      });
    const before = reads();
    await cache.invalidate({ tables: ['menu'] });
    const after = reads();
    computing.open();
    expect(await after).toBe(2);
    expect(await before).toBe(1);
  });
});

const storedResponse = (): CachedResponse => {
  const variant = { headers: {}, body: Buffer.from('x') };
  return { statusCode: 200, etag: 'W/"x"', identity: variant, gzip: variant, br: variant, notModified: {}, onHit: null };
};

// Two processes' caches on one PostgreSQL database, each with its own announcements' connection.
describe.each((await testDialects()).filter((dialect) => dialect === 'postgres'))('announcements of what a write changed, on %s', () => {
  let database: { url: string; drop: () => Promise<void> };
  const stops: (() => Promise<void>)[] = [];
  const log = { info: () => undefined, warn: () => undefined };

  const startProcess = async () => {
    const { db } = connectDatabase({ databaseUrl: database.url, dataDir: '', databaseTimeouts: DEFAULT_DATABASE_TIMEOUTS });
    const cache = new PageCache({ maxBytes: 1024 * 1024, nextScheduledChanges: async () => [] });
    const bus = new InvalidationBus(database.url, db, cache, log, DEFAULT_DATABASE_TIMEOUTS);
    await bus.start();
    stops.push(async () => {
      await bus.stop();
      await db.destroy();
    });
    return cache;
  };

  beforeAll(async () => {
    database = await createPostgresDatabase();
  }, 60_000);
  afterAll(async () => {
    for (const stop of stops) await stop();
    await database?.drop();
  });

  it("ends on the other process, before the writer's answer, the record's pages and its lists, and keeps another record's page", async () => {
    const [writer, reader] = [await startProcess(), await startProcess()];
    const store = async (key: string, read: (ticket: ReturnType<PageCache['ticket']>) => void) => {
      const ticket = reader.ticket(key);
      read(ticket);
      expect(await reader.set(ticket, storedResponse())).toBe(true);
    };
    await store('/news/a', (ticket) => ticket.reads.readRecords('news', [1]));
    await store('/news/b', (ticket) => ticket.reads.readRecords('news', [2]));
    await store('/news', (ticket) => ticket.reads.read.add('news'));
    await store('/media/photobank', (ticket) => ticket.reads.read.add('photobank_photos'));
    // Resolves once the other process acknowledged.
    await writer.invalidate({ tables: ['search_index'], records: { news: [1] } });
    expect(reader.get('/news/a')).toBeUndefined();
    expect(reader.get('/news')).toBeUndefined();
    expect(reader.get('/news/b')).toBeDefined();
    expect(reader.get('/media/photobank')).toBeDefined();
  });

  it('carries the rows a write changed, so that the other process keeps the lists they were never in', async () => {
    const [writer, reader] = [await startProcess(), await startProcess()];
    const store = async (key: string, table: string, filters: Record<string, string[]>) => {
      const ticket = reader.ticket(key);
      ticket.reads.readList(table, { filters, columns: Object.keys(filters), selected: null, ids: null });
      expect(await reader.set(ticket, storedResponse())).toBe(true);
    };
    await store('/photobank/1', 'photobank_photos', { category_id: ['1'] });
    await store('/photobank/2', 'photobank_photos', { category_id: ['2'] });
    await store('/en/news', 'translations', { resource: ['news'], locale: ['en'] });
    await store('/en/photobank', 'translations', { resource: ['photobank-photos'], locale: ['en'] });
    await writer.invalidate({
      tables: [],
      records: { photobank_photos: [7] },
      rows: { photobank_photos: [{ id: 7, before: { category_id: '1', title: 'До' }, after: { category_id: '1', title: 'После' }, long: [] }] },
      where: { translations: [{ resource: ['news'], record_id: ['3'] }] },
    });
    expect(reader.get('/photobank/1')).toBeUndefined();
    expect(reader.get('/photobank/2')).toBeDefined();
    expect(reader.get('/en/news')).toBeUndefined();
    expect(reader.get('/en/photobank')).toBeDefined();
  });
});
