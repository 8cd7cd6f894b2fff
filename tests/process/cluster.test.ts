import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_READ, DATABASE_UNAVAILABLE_WRITE, STORAGE_UNAVAILABLE_READ } from '../../server/http/errorHandler.js';
import { RATE_LIMITED_MESSAGE } from '../../server/routes/auth.js';
import { typesetText } from '../../server/content/typography.js';
import { multipart, pngImage } from '../api/admin-helpers.js';
import { createPostgresDatabase, testDialects } from '../helpers/databases.js';
import { freePort, startBuiltServer, stopProcess } from '../helpers/process.js';
import { startObjectStorage, type TestObjectStorage } from '../helpers/s3.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcpProxy.js';
import { readZip } from '../helpers/zip.js';

/**
 * Two processes of the built server on one PostgreSQL database, with uploads in an S3-compatible server (s3rver)
 * started here. Process B reaches PostgreSQL through a TCP proxy this test can cut, so that losing the database is
 * simulated without touching the machine's server. Both trust `X-Forwarded-For` (as behind nginx), so each test
 * speaks from its own address and the per-IP limits of one test do not touch another.
 */

const ADMIN = { email: 'cluster@example.com', password: 'cluster-test-passphrase-1' };
const JWT_SECRET = 'cluster-test-secret-that-is-long-enough-for-hs256';

interface Peer {
  name: string;
  base: string;
  child: ChildProcess;
}

let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;

/** Uploaded keys of an image as the public reads give it (`/uploads/news/….jpg` and its variants). */
const keysOf = (image: { src: string; variants: { src: string }[] }) =>
  [image.src, ...image.variants.map((variant) => variant.src)].map((url) => url.replace(/^\/uploads\//, ''));

// Two processes on one database need PostgreSQL (SQLite is one process by design).
describe.each((await testDialects()).filter((dialect) => dialect === 'postgres'))('two processes on one %s database and object storage', () => {
  let storage: TestObjectStorage;
  let database: { url: string; drop: () => Promise<void> };
  let proxy: TcpProxy;
  let a: Peer;
  let b: Peer;
  let token = '';
  const dataDirs: string[] = [];

  const start = async (name: string, databaseUrl: string): Promise<Peer> => {
    const dataDir = await mkdtemp(path.join(tmpdir(), `site-cluster-${name}-`));
    dataDirs.push(dataDir);
    const port = await freePort();
    const child = await startBuiltServer(port, {
      ...storage.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET,
      TRUST_PROXY: 'true',
      // Sitemap files of two addresses, so that a few news items make several files.
      SITEMAP_MAX_URLS: '2',
    });
    return { name, base: `http://127.0.0.1:${port}`, child };
  };

  beforeAll(async () => {
    expect(existsSync('build/server/index.js'), 'run npm run build first (npm test does)').toBe(true);
    storage = await startObjectStorage();
    database = await createPostgresDatabase();
    const direct = new URL(database.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(database.url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    // One after the other: the first start migrates the empty database and creates the first MANAGER.
    a = await start('a', database.url);
    b = await start('b', proxied.toString());
    token = await login(a, ADMIN.password, freshAddress());
  }, 180_000);

  afterAll(async () => {
    await Promise.all([stopProcess(a?.child), stopProcess(b?.child)]);
    await proxy?.close();
    await storage?.close();
    await database?.drop();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  function loginAs(peer: Peer, email: string, password: string, address: string): Promise<Response> {
    return fetch(`${peer.base}/api/site/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email, password }),
    });
  }

  const loginResponse = (peer: Peer, password: string, address: string) => loginAs(peer, ADMIN.email, password, address);

  async function login(peer: Peer, password: string, address: string): Promise<string> {
    const response = await loginResponse(peer, password, address);
    expect(response.status).toBe(200);
    return /access_token=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
  }

  const adminPost = (peer: Peer, url: string, body?: { payload: Buffer; headers: Record<string, string> } | object) => {
    const form = body && 'payload' in body ? (body as { payload: Buffer; headers: Record<string, string> }) : null;
    return fetch(`${peer.base}${url}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-forwarded-for': '203.0.113.1',
        ...(form ? form.headers : body ? { 'content-type': 'application/json' } : {}),
      },
      body: form ? new Uint8Array(form.payload) : body ? JSON.stringify(body) : undefined,
    });
  };

  const page = async (peer: Peer, url: string) => {
    const response = await fetch(`${peer.base}${url}`);
    return { status: response.status, text: await response.text() };
  };

  async function addNews(peer: Peer, title: string, publicAt = '2026-01-01T09:00:00Z') {
    const form = multipart({ title, public_at: publicAt, content: '<p>Текст</p>' }, [
      { field: 'image', filename: 'picture.png', data: await pngImage(1000, 500, '#884422'), type: 'image/png' },
    ]);
    const response = await adminPost(peer, '/api/admin/news/add', form);
    expect(response.status).toBe(200);
    return (await response.json()).data as { id: number; slug: string };
  }

  async function newsImage(peer: Peer, id: number) {
    const response = await fetch(`${peer.base}/api/news/item/${id}`);
    expect(response.status).toBe(200);
    return (await response.json()).data.image as { src: string; variants: { src: string }[] };
  }

  it('shows a news item added on A on the next request to B, pages cached on B included, with its image and variants from B', async () => {
    // B caches its pages first.
    for (const url of ['/', '/news']) {
      expect((await page(b, url)).status).toBe(200);
      expect((await page(b, url)).status).toBe(200);
    }
    const added = await addNews(a, 'Новость из процесса A');
    for (const url of ['/', '/news']) {
      const shown = await page(b, url);
      expect(shown.status, url).toBe(200);
      expect(shown.text, url).toContain(typesetText('Новость из процесса A'));
    }
    const image = await newsImage(b, added.id);
    expect(image.variants.length).toBeGreaterThanOrEqual(4);
    for (const key of keysOf(image)) expect(await storage.has(key), key).toBe(true);
    for (const url of [image.src, ...image.variants.map((variant) => variant.src)]) {
      const response = await fetch(`${b.base}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/^image\/(jpeg|png|webp|avif)$/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Number(response.headers.get('content-length'))).toBe((await response.arrayBuffer()).byteLength);
    }
    const part = await fetch(`${b.base}${image.src}`, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-9\/\d+$/);
    expect((await part.arrayBuffer()).byteLength).toBe(10);
    expect((await fetch(`${b.base}/uploads/news/nothing-here.jpg`)).status).toBe(404);
  });

  it('answers a write on A only once B has emptied its cache, even when the announcement reaches B late', async () => {
    for (const url of ['/', '/', '/news', '/news']) expect((await page(b, url)).status).toBe(200);
    // Everything PostgreSQL sends to B, the announcement included, now arrives a fifth of a second late; A is direct.
    proxy.delayAnswers(200);
    try {
      await addNews(a, 'Новость, о которой B узнаёт поздно');
    } finally {
      proxy.delayAnswers(0);
    }
    for (const url of ['/', '/news']) expect((await page(b, url)).text, url).toContain(typesetText('Новость, о которой B узнаёт поздно'));
  });

  it('ends on B only what a write on A changed: B keeps its photobank page, shows the news on the next request', async () => {
    const cacheStatus = async (url: string) => (await fetch(`${b.base}${url}`)).headers.get('cache-status');
    for (const url of ['/media/photobank', '/news']) {
      await page(b, url);
      expect(await cacheStatus(url), url).toBe('corporate-site; hit');
    }
    await addNews(a, 'Новость, которой нет в фотобанке');
    expect(await cacheStatus('/media/photobank')).toBe('corporate-site; hit');
    expect((await page(b, '/news')).text).toContain(typesetText('Новость, которой нет в фотобанке'));
  });

  it("ends on B the page of the record a write on A changed, and keeps another record's page a hit", async () => {
    const cacheStatus = async (url: string) => (await fetch(`${b.base}${url}`)).headers.get('cache-status');
    const [saved, other] = [await addNews(a, 'Новость, которую правят на A'), await addNews(a, 'Новость, которую на A не трогают')];
    for (const url of [`/news/${saved.slug}`, `/news/${other.slug}`]) {
      await page(b, url);
      expect(await cacheStatus(url), url).toBe('corporate-site; hit');
    }
    const updated = await adminPost(a, `/api/admin/news/update/${saved.id}`, multipart({ title: 'Новость, поправленная на A' }));
    expect(updated.status).toBe(200);
    expect(await cacheStatus(`/news/${other.slug}`)).toBe('corporate-site; hit');
    expect((await page(b, `/news/${saved.slug}`)).text).toContain(typesetText('Новость, поправленная на A'));
  });

  it("tells B which record a write on A changed: B's sitemap reads again only that record's file", async () => {
    const [first, , third] = [await addNews(a, 'Первая для карты'), await addNews(a, 'Вторая для карты'), await addNews(a, 'Третья для карты')];
    if (!first || !third) throw new Error('no news');
    const fileOf = (id: number) => `/sitemaps/news-${Math.floor((id - 1) / 2) + 1}.xml`;
    expect(fileOf(first.id)).not.toBe(fileOf(third.id));
    expect((await page(b, fileOf(third.id))).text).toContain(`/news/${third.slug}<`);
    // Behind the write path's back, so nobody is told.
    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    try {
      await direct.query('update news set slug = $1 where id = $2', ['tikho-izmenena', third.id]);
    } finally {
      await direct.end();
    }
    const renamed = await adminPost(a, `/api/admin/news/update/${first.id}`, multipart({ slug: 'pereimenovana-na-a' }));
    expect(renamed.status).toBe(200);
    expect((await page(b, fileOf(first.id))).text).toContain('/news/pereimenovana-na-a<');
    // The third item's file holds no written record: B keeps it as it was.
    expect((await page(b, fileOf(third.id))).text).toContain(`/news/${third.slug}<`);
  });

  it('holds the per-IP login limit and the per-account failure limit across both processes', async () => {
    const address = freshAddress();
    // Ten attempts on A use up the address's minute…
    for (let i = 0; i < 10; i++) expect((await loginAs(a, `nobody-${i}@example.com`, 'wrong', address)).status).toBe(401);
    // …so B refuses it even the right password.
    const limited = await loginResponse(b, ADMIN.password, address);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: RATE_LIMITED_MESSAGE });
    // Failures counted on A lock the account on B, from any address.
    for (let i = 0; i < 5; i++) expect((await loginAs(a, 'locked@example.com', `wrong-${i}`, freshAddress())).status).toBe(401);
    expect((await loginAs(b, 'locked@example.com', 'anything', freshAddress())).status).toBe(429);
  });

  it('puts logos uploaded on A into the logo archive of B', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const group = await client.query<{ id: number }>("insert into photobank_groups (kind, title, position) values ('logo', 'Логотипы', 0) returning id");
    await client.end();
    const category = await adminPost(a, '/api/admin/photobank/category/add', { group_id: group.rows[0]!.id, title: 'Основной' });
    expect(category.status).toBe(200);
    const logoPng = await pngImage(300, 120, '#0b5cad');
    const logo = await adminPost(
      a,
      '/api/admin/photobank/logo/add',
      multipart({ category_id: (await category.json()).data.id, type: 'logo', title: 'Знак' }, [
        { field: 'files', filename: 'znak.png', data: logoPng, type: 'image/png' },
      ]),
    );
    expect(logo.status).toBe(200);
    const stored = (await logo.json()).data.files[0] as { url: string };
    const archive = await fetch(`${b.base}/api/photobank/logos/archive`);
    expect(archive.status).toBe(200);
    const entries = await readZip(Buffer.from(await archive.arrayBuffer()));
    const file = await fetch(`${b.base}${stored.url}`);
    expect(entries.map((entry) => entry.name)).toEqual(['Логотипы/Основной/Знак.png']);
    expect(entries[0]!.data.equals(Buffer.from(await file.arrayBuffer()))).toBe(true);
  });

  it('deletes the objects from the bucket when B removes what A stored', async () => {
    // A picture of the media library stored on A: the library keeps its files whoever stops using them, until the
    // asset is removed and its trash entry purged.
    const uploaded = await adminPost(
      a,
      '/api/admin/assets/upload',
      multipart({}, [{ field: 'file', filename: 'unique.png', data: await pngImage(700, 300, '#13579b'), type: 'image/png' }]),
    );
    expect(uploaded.status).toBe(201);
    const { asset } = (await uploaded.json()) as { asset: { id: number } };
    const stored = (await (await fetch(`${a.base}/api/admin/assets/${asset.id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data as {
      url: string;
      variants: { src: string }[];
    };
    const keys = keysOf({ src: stored.url, variants: stored.variants });
    for (const key of keys) expect(await storage.has(key)).toBe(true);
    const removed = await fetch(`${b.base}/api/admin/assets/${asset.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.1' },
    });
    expect(removed.status).toBe(200);
    for (const key of keys) expect(await storage.has(key)).toBe(true);
    expect((await adminPost(b, '/api/admin/trash/empty')).status).toBe(200);
    for (const key of keys) expect(await storage.has(key), key).toBe(false);
    for (const key of keys) expect((await fetch(`${a.base}/uploads/${key}`)).status).toBe(404);
  });

  it('publishes a scheduled item on both processes at its time, without a write, and counts reads on both once', async () => {
    const at = new Date(Date.now() + 4000);
    const scheduled = await addNews(a, 'Запланированная новость', at.toISOString());
    for (const peer of [a, b]) expect((await page(peer, '/news')).text).not.toContain('Запланированная новость');
    for (const peer of [a, b]) expect((await page(peer, '/news')).text).not.toContain('Запланированная новость');
    // Asked again and again, as visitors do, until the moment has come: then both processes show it.
    for (const peer of [a, b]) {
      await expect.poll(async () => (await page(peer, '/news')).text, { message: peer.name, interval: 200 }).toContain('Запланированная новость');
    }
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    const marker = await addNews(a, 'Новость-метка для счёта прочтений');
    // Reads are counted by each process and added to the database on its own flush: 3 + 2, nothing twice.
    for (let i = 0; i < 3; i++) expect((await page(a, `/news/${scheduled.slug}`)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await page(b, `/news/${scheduled.slug}`)).status).toBe(200);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const viewsOf = async (id: number) => Number((await client.query<{ views: number }>('select views from news where id = $1', [id])).rows[0]?.views);
    try {
      await expect.poll(() => viewsOf(scheduled.id), { interval: 250 }).toBeGreaterThanOrEqual(5);
      // Nothing is added later either: a read of another item on each process, counted once each process has
      // flushed again, shows that both flushes after those reads have happened.
      expect((await page(a, `/news/${marker.slug}`)).status).toBe(200);
      expect((await page(b, `/news/${marker.slug}`)).status).toBe(200);
      await expect.poll(() => viewsOf(marker.id), { interval: 250 }).toBe(2);
      expect(await viewsOf(scheduled.id)).toBe(5);
    } finally {
      await client.end();
    }
  });

  it('tells a staff member on B who has a record open on A, and A who has it open on B', async () => {
    const maria = { email: 'presence-maria@example.com', password: 'presence-maria-passphrase-1' };
    const created = await adminPost(a, '/api/admin/users', { ...maria, name: 'Мария', role: 'USER' });
    expect(created.status).toBe(201);
    const login = await loginAs(b, maria.email, maria.password, freshAddress());
    expect(login.status).toBe(200);
    const mariaToken = /access_token=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const { id } = await addNews(a, 'Новость, которую правят двое');
    const announce = async (peer: Peer, bearer: string, tab: string) => {
      const response = await fetch(`${peer.base}/api/admin/presence/news/${id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tab }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()).data as { name: string }[]).map((editor) => editor.name);
    };

    expect(await announce(a, token, 'cluster-tab-a')).toEqual([]);
    expect(await announce(b, mariaToken, 'cluster-tab-b')).toEqual(['Администратор']);
    expect(await announce(a, token, 'cluster-tab-a')).toEqual(['Мария']);
    const list = await fetch(`${b.base}/api/admin/presence/news`, { headers: { authorization: `Bearer ${mariaToken}` } });
    expect((await list.json()).data).toEqual([{ id, editors: [expect.objectContaining({ name: 'Администратор' })] }]);
  });

  it('answers 503 on /api/ready and for files while the object storage is down, and recovers without a restart', async () => {
    const added = await addNews(a, 'Новость до остановки хранилища');
    const image = await newsImage(a, added.id);
    expect((await fetch(`${b.base}/api/ready`)).status).toBe(200);
    await storage.stop();
    try {
      const ready = await fetch(`${b.base}/api/ready`);
      expect(ready.status).toBe(503);
      const answer = await ready.json();
      expect(answer.message).toBe('Сервис не готов принимать запросы.');
      expect(Object.keys(answer.reasons)).toEqual(['storage']);
      const file = await fetch(`${b.base}${image.src}`);
      expect(file.status).toBe(503);
      expect(await file.json()).toEqual({ message: STORAGE_UNAVAILABLE_READ });
      // Pages and reads that need no file still answer.
      expect((await page(b, '/news')).status).toBe(200);
    } finally {
      await storage.restart();
    }
    expect((await fetch(`${b.base}/api/ready`)).status).toBe(200);
    expect((await fetch(`${b.base}${image.src}`)).status).toBe(200);
  });

  it('answers 503 (never 500) while B cannot reach PostgreSQL, refuses writes with a clear message, and recovers by itself', async () => {
    const before = await addNews(a, 'Новость до обрыва базы');
    expect((await fetch(`${b.base}/api/ready`)).status).toBe(200);
    await proxy.cut();
    try {
      const ready = await fetch(`${b.base}/api/ready`);
      expect(ready.status).toBe(503);
      expect(Object.keys((await ready.json()).reasons)).toEqual(['database']);
      // Liveness stays: the process is alive and waits for the database.
      expect((await fetch(`${b.base}/api/health`)).status).toBe(200);
      const read = await fetch(`${b.base}/api/news/item/${before.id}`);
      expect(read.status).toBe(503);
      expect(await read.json()).toEqual({ message: DATABASE_UNAVAILABLE_READ });
      const write = await adminPost(b, '/api/admin/news/add', multipart({ title: 'Не сохранится', public_at: '2026-01-01T09:00:00Z' }));
      expect(write.status).toBe(503);
      expect(await write.json()).toEqual({ message: DATABASE_UNAVAILABLE_WRITE });
      // A page not in the cache needs the database: 503 as well.
      expect((await page(b, `/news/${before.slug}`)).status).toBe(503);
      // Meanwhile A goes on.
      expect((await fetch(`${a.base}/api/news/item/${before.id}`)).status).toBe(200);
    } finally {
      await proxy.restore();
    }
    await expect.poll(async () => (await fetch(`${b.base}/api/ready`)).status, { interval: 200 }).toBe(200);
    expect((await fetch(`${b.base}/api/news/item/${before.id}`)).status).toBe(200);
    const written = await adminPost(b, '/api/admin/news/add', multipart({ title: 'Сохранено после восстановления', public_at: '2026-01-01T09:00:00Z' }));
    expect(written.status).toBe(200);
    // B listens for A's changes again: a write on A shows on B within a second (three, on a busy machine).
    await addNews(a, 'Новость после восстановления');
    await expect.poll(async () => (await page(b, '/news')).text, { interval: 100 }).toContain('Новость после восстановления');
    expect((await page(a, '/news')).text).toContain('Сохранено после восстановления');
  });
});
