import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/app.js';
import { createPostgresDatabase, testDialects } from '../helpers/databases.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcpProxy.js';

describe.each(await testDialects())('API home and health on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers the API home with the list of reads', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.reads).toContain('/api/news/items');
  });

  it('reports the database as healthy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ data: { status: 'ok', database: dialect } });
  });

  it('reports readiness: the database and the uploads storage answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: 'ready', database: dialect, storage: 'local' } });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'This page could not be found' });
  });

  it('sets the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it.each([
    ['a page parameter given twice', '/api/news/items?ourPage=1&ourPage=2', 404],
    ['an id far too long', `/api/news/item/${'x'.repeat(1000)}`, 404],
    ['percent-encoded junk in an id', '/api/media/item/%E0%A4%A', 400],
  ])('answers %s with a 4xx, never 500', async (_name, url, status) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(typeof response.json().message).toBe('string');
  });

  it('never answers 500 to odd values on any public read', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api' })).json().data.reads as string[];
    const odd = ['', '0', '-1', 'NaN', '1e309', '%00', '..%2F..%2Fetc%2Fpasswd', "1' or '1'='1", '[]', '{"a":1}'];
    for (const template of paths) {
      for (const value of odd) {
        const url = template.replace(/\{\w+\}/, encodeURIComponent(value) || 'x');
        const query = `?page=${value}&ourPage=${value}&otherPage=${value}&videoPage=${value}`;
        const response = await t.app.inject({ method: 'GET', url: url + query });
        expect(response.statusCode, `${url}${query}`).toBeLessThan(500);
      }
    }
  });
});

/**
 * `/api/ready` is open to anyone: its answer names which dependency failed and nothing else (no host, port, path or
 * error text, which would map the network behind the site); the reasons go to the log for the operator. PostgreSQL
 * is reached through a TCP proxy here, so that the test can take it away.
 */
describe.each(await testDialects())('7. Low — readiness answers on %s name only the dependency that failed', (dialect) => {
  let app: FastifyInstance;
  let dataDir: string;
  let proxy: TcpProxy | null = null;
  let database: { url: string; drop: () => Promise<void> } | null = null;
  const logLines: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'site-ready-'));
    let databaseUrl: string | undefined;
    if (dialect === 'postgres') {
      database = await createPostgresDatabase();
      const direct = new URL(database.url);
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const proxied = new URL(database.url);
      proxied.host = `127.0.0.1:${proxy.port}`;
      databaseUrl = proxied.toString();
    }
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    });
    const logger = { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } };
    app = await buildApp(config, { logger, viewFlushMs: 60_000 });
  });

  afterAll(async () => {
    await proxy?.restore();
    await app?.close();
    await proxy?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** `/api/ready`'s answer and what the log gained while it was asked. */
  async function askReady() {
    const before = logLines.length;
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    return { status: response.statusCode, body: response.body, json: response.json(), log: logLines.slice(before).join('') };
  }

  it('names only the storage when the uploads folder cannot be used, and logs why', async () => {
    const uploads = path.join(dataDir, 'uploads');
    await rm(uploads, { recursive: true, force: true });
    // A file where the folder should be: the storage check fails with the path and the system's error.
    await writeFile(uploads, 'not a folder');
    try {
      const ready = await askReady();
      expect(ready.status).toBe(503);
      expect(ready.json).toEqual({ message: 'Сервис не готов принимать запросы.', reasons: { storage: 'Хранилище файлов недоступно.' } });
      for (const detail of [dataDir, 'EEXIST', 'ENOTDIR', 'mkdir']) expect(ready.body).not.toContain(detail);
      expect(ready.log).toContain(uploads);
    } finally {
      await rm(uploads, { force: true });
    }
    expect((await askReady()).status).toBe(200);
  });

  // Only PostgreSQL is a server that can be out of reach; SQLite is a file of the process.
  if (dialect === 'postgres')
    it('names only the database when PostgreSQL is out of reach, without its host or port, and logs why', async () => {
      await proxy?.cut();
      try {
        // The first ask may find a pooled connection not yet told of the cut; the next ones open new connections.
        const asks = [await askReady(), await askReady(), await askReady()];
        for (const ready of asks) {
          expect(ready.status).toBe(503);
          expect(ready.json).toEqual({ message: 'Сервис не готов принимать запросы.', reasons: { database: 'База данных недоступна.' } });
          for (const detail of ['127.0.0.1', String(proxy?.port), 'ECONNREFUSED', 'connect', 'terminated']) expect(ready.body).not.toContain(detail);
        }
        const log = asks.map((ready) => ready.log).join('');
        expect(log).toContain('ECONNREFUSED');
        expect(log).toContain(`127.0.0.1:${proxy?.port}`);
      } finally {
        await proxy?.restore();
      }
    });
});
