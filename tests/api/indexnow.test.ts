import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueue, Outbox, OUTBOX_BATCH } from '../../server/outbox/outbox.js';
import { handleIndexNow } from '../../server/indexnow/plugin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { ensureSiteBuilt } from '../site/server.js';
import { postForm } from './admin-helpers.js';

const KEY = 'a1b2c3d4-indexnow-key';
const SITE = 'https://www.example.test';
const DAY_MS = 24 * 60 * 60 * 1000;

interface Submission {
  host: string;
  key: string;
  keyLocation: string;
  urlList: string[];
}

/** A stand-in for the search engine: keeps what it was sent and answers the status a test sets. */
async function startEngine() {
  const received: Submission[] = [];
  const engine = { received, status: 202, port: 0, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Submission);
      response.writeHead(engine.status, { 'content-type': 'text/plain' }).end(engine.status === 202 ? '' : `status ${engine.status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  engine.port = (server.address() as AddressInfo).port;
  return engine;
}

/**
 * IndexNow on every dialect: a write that changes a public page tells the engine its address (old and new on a new
 * slug), drafts tell nothing, due notices go in one request, failures are retried with the same addresses, and a
 * MANAGER reads the log; the key file is served at the root only while a key is set.
 */
describe.each(await testDialects())('IndexNow on %s', (dialect) => {
  let t: TestApp;
  let engine: Awaited<ReturnType<typeof startEngine>>;
  let user: Awaited<ReturnType<typeof userWithToken>>;
  let manager: Awaited<ReturnType<typeof userWithToken>>;

  beforeAll(async () => {
    ensureSiteBuilt();
    engine = await startEngine();
    t = await createTestApp(dialect, {
      env: { INDEXNOW_KEY: KEY, INDEXNOW_ENDPOINT: `http://127.0.0.1:${engine.port}/indexnow`, PUBLIC_URL: SITE },
      // The periodic round is pushed far out: the tests deliver by hand.
      build: { outboxEveryMs: DAY_MS },
    });
    user = await userWithToken(t.app, 'USER');
    manager = await userWithToken(t.app, 'MANAGER', 'manager-password-2');
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });
  // Each test starts with nothing left to deliver and nothing received.
  beforeEach(async () => {
    engine.status = 202;
    await t.app.outbox.deliverDue();
    engine.received.length = 0;
  });

  const addNews = async (fields: Record<string, string | number>) => {
    const response = await postForm(t.app, '/api/admin/news/add', user.headers, { title: 'Новость', lead: 'Анонс', public_at: daysAgo(1), ...fields });
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: number; slug: string };
  };
  const update = async (id: number, fields: Record<string, string | number>) => {
    expect((await postForm(t.app, `/api/admin/news/update/${id}`, user.headers, fields)).statusCode).toBe(200);
  };
  /** Delivers what is due and answers the addresses the engine got, request by request. */
  const delivered = async () => {
    await t.app.outbox.deliverDue();
    return engine.received.map((submission) => submission.urlList);
  };
  const log = async (query = '') => {
    const response = await t.app.inject({ url: `/api/admin/indexnow${query}`, headers: manager.headers });
    expect(response.statusCode).toBe(200);
    return response.json().data as {
      id: number;
      urls: string[];
      attempts: number;
      answer: string;
      last_error: string;
      state: string;
      sent_at: string | null;
    }[];
  };

  it('publishing a news item sends its address, with the host, the key and where the key is', async () => {
    await addNews({ title: 'Завод открыт', slug: 'zavod-otkryt' });
    expect(await delivered()).toEqual([[`${SITE}/news/zavod-otkryt`]]);
    expect(engine.received[0]).toEqual({ host: 'www.example.test', key: KEY, keyLocation: `${SITE}/${KEY}.txt`, urlList: [`${SITE}/news/zavod-otkryt`] });
    expect((await log())[0]).toMatchObject({ urls: [`${SITE}/news/zavod-otkryt`], attempts: 1, answer: '202', last_error: '', state: 'accepted' });
  });

  it('a new slug sends the old address and the new one', async () => {
    const news = await addNews({ slug: 'staryi-adres' });
    await delivered();
    engine.received.length = 0;
    await update(news.id, { slug: 'novyi-adres' });
    expect(await delivered()).toEqual([[`${SITE}/news/staryi-adres`, `${SITE}/news/novyi-adres`]]);
  });

  it('a draft sends nothing while it stays a draft; publishing, unpublishing, trashing and restoring send its address', async () => {
    const draft = await addNews({ slug: 'chernovik', published: 0 });
    await update(draft.id, { title: 'Черновик, исправленный', slug: 'chernovik-2' });
    expect(await delivered()).toEqual([]);
    const url = `${SITE}/news/chernovik-2`;
    const noticesOf = async () => (await log(`?filter=${encodeURIComponent('{"q":"chernovik-2"}')}`)).map((notice) => notice.urls);
    await update(draft.id, { published: 1 });
    await update(draft.id, { published: 0 });
    // The second write's notice joined the first, still waiting: one notice, the address once.
    expect(await noticesOf()).toEqual([[url]]);
    expect(await delivered()).toEqual([[url]]);

    await update(draft.id, { published: 1 });
    const trashed = await t.app.inject({ method: 'POST', url: `/api/admin/news/remove/${draft.id}`, headers: user.headers });
    expect(trashed.statusCode).toBe(200);
    const restored = await t.app.inject({ method: 'POST', url: `/api/admin/trash/restore/news/${draft.id}`, headers: user.headers });
    expect(restored.statusCode).toBe(200);
    // The first notice went; the three writes since wait as one.
    expect(await noticesOf()).toEqual([[url], [url]]);
  });

  it('a scheduled item is announced when its date comes, not before', async () => {
    let now = Date.now();
    const outbox = new Outbox(t.app.db, () => now);
    handleIndexNow(outbox, t.app.config);
    const publicAt = new Date(now + 2 * 60 * 60 * 1000).toISOString();
    await addNews({ slug: 'zavtra', public_at: publicAt });
    expect(await outbox.deliverDue()).toBe(0);
    expect(engine.received).toEqual([]);
    now += 2 * 60 * 60 * 1000;
    expect(await outbox.deliverDue()).toBe(1);
    expect(engine.received.map((submission) => submission.urlList)).toEqual([[`${SITE}/news/zavtra`]]);
  });

  it('an engine answering 500 gets the same addresses again after the wait, and the log shows the attempts', async () => {
    let now = Date.now();
    const outbox = new Outbox(t.app.db, () => now);
    handleIndexNow(outbox, t.app.config);
    engine.status = 500;
    await addNews({ slug: 'povtor' });
    now = Date.now();
    expect(await outbox.deliverDue()).toBe(0);
    expect((await log())[0]).toMatchObject({ attempts: 1, answer: '', last_error: '500 status 500', state: 'waiting', sent_at: null });

    engine.status = 202;
    now += 10_000;
    expect(await outbox.deliverDue()).toBe(0);
    now += 20_000;
    expect(await outbox.deliverDue()).toBe(1);
    expect(engine.received.map((submission) => submission.urlList)).toEqual([[`${SITE}/news/povtor`], [`${SITE}/news/povtor`]]);
    expect((await log())[0]).toMatchObject({ attempts: 2, answer: '202', last_error: '', state: 'accepted' });
  });

  it('a refusal (403: the key is not confirmed) ends the notice with the answer in the log, without retries', async () => {
    let now = Date.now();
    const outbox = new Outbox(t.app.db, () => now);
    handleIndexNow(outbox, t.app.config);
    engine.status = 403;
    await addNews({ slug: 'otkaz' });
    now = Date.now();
    expect(await outbox.deliverDue()).toBe(1);
    now += DAY_MS;
    expect(await outbox.deliverDue()).toBe(0);
    expect(engine.received).toHaveLength(1);
    expect((await log())[0]).toMatchObject({ attempts: 1, answer: '403 status 403', state: 'refused' });
  });

  it('the log is for a MANAGER, paged newest first, and searchable by address', async () => {
    const forUser = await t.app.inject({ url: '/api/admin/indexnow', headers: user.headers });
    expect(forUser.statusCode).toBe(403);
    const page = await t.app.inject({ url: '/api/admin/indexnow?range=[0,1]', headers: manager.headers });
    expect(page.headers['content-range']).toMatch(/^indexnow 0-1\/\d+$/);
    const ids = (page.json().data as { id: number }[]).map((notice) => notice.id);
    expect(ids[0]).toBeGreaterThan(ids[1] ?? Infinity);
    expect((await log(`?filter=${encodeURIComponent('{"q":"zavod-otkryt"}')}`)).map((notice) => notice.urls)).toEqual([[`${SITE}/news/zavod-otkryt`]]);
    const bad = await t.app.inject({ url: '/api/admin/indexnow?sort=["payload","ASC"]', headers: manager.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('50 saves of one item before the round make one notice: the engine hears of the address once', async () => {
    const news = await addNews({ slug: 'chasto' });
    for (let save = 0; save < 50; save++) await update(news.id, { lead: `Анонс, правка ${save}` });
    const url = `${SITE}/news/chasto`;
    const waiting = await t.app.db.selectFrom('outbox').select('payload').where('kind', '=', 'indexnow').where('sent_at', 'is', null).execute();
    expect(waiting.map((row) => JSON.parse(row.payload))).toEqual([{ urls: [url] }]);
    expect(await delivered()).toEqual([[url]]);
    // A save after the round is a new notice: the engine hears of the new change.
    await update(news.id, { lead: 'Последняя правка' });
    engine.received.length = 0;
    expect(await delivered()).toEqual([[url]]);
  }, 240_000);

  it('a letter never waits behind notices: with 500 notices due, it goes in the first round', async () => {
    const outbox = new Outbox(t.app.db);
    handleIndexNow(outbox, t.app.config);
    const letters: unknown[] = [];
    outbox.handle('test-letter', async (payload) => {
      letters.push(payload);
      return 'sent';
    });
    const now = new Date();
    for (let page = 0; page < 500; page++) await enqueue(t.app.db, 'indexnow', { urls: [`${SITE}/news/stranitsa-${page}`] }, now);
    await enqueue(t.app.db, 'test-letter', { id: 1 }, new Date(now.getTime() + 1));
    await outbox.deliverDue();
    expect(letters).toEqual([{ id: 1 }]);
    // The notices go at their own pace, OUTBOX_BATCH a round, in one request each.
    expect(engine.received).toHaveLength(1);
    expect(engine.received[0]?.urlList).toHaveLength(OUTBOX_BATCH);
    await t.app.db.updateTable('outbox').set({ sent_at: now.toISOString() }).where('sent_at', 'is', null).execute();
  });

  it('serves the key at /{key}.txt as text; other .txt files are not found', async () => {
    const file = await t.app.inject({ url: `/${KEY}.txt` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    expect(file.body).toBe(KEY);
    expect((await t.app.inject({ url: '/another-key-1234.txt' })).statusCode).toBe(404);
  });
});

describe.each(await testDialects())('without INDEXNOW_KEY on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect, { env: { PUBLIC_URL: SITE } });
  }, 240_000);
  afterAll(() => t?.close());

  it('keeps no notices and serves no key file', async () => {
    const user = await userWithToken(t.app, 'USER');
    const response = await postForm(t.app, '/api/admin/news/add', user.headers, { title: 'Тихая новость', lead: 'Анонс', public_at: daysAgo(1) });
    expect(response.statusCode).toBe(200);
    expect(await t.app.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
    expect((await t.app.inject({ url: `/${KEY}.txt` })).statusCode).toBe(404);
  });
});
