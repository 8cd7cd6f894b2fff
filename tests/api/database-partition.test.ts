import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { isDatabaseUnavailable } from '../../server/http/databaseErrors.js';
import { DATABASE_UNAVAILABLE_READ, DATABASE_UNAVAILABLE_WRITE } from '../../server/http/errorHandler.js';
import { TEST_ADMIN } from '../helpers/app.js';
import { createPostgresDatabase, testDialects } from '../helpers/databases.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcpProxy.js';
import { adminHeaders, multipart } from './admin-helpers.js';

/**
 * PostgreSQL reachable but silent (a frozen server, a dropped network): the app reaches it through a TCP proxy that
 * stops passing bytes in both directions while keeping every connection open. Every request, whether it was waiting
 * for the database when the silence began or came during it, must answer 503 within a bound set by the configured
 * timeouts, and the app must answer 200 again once the database speaks, without a restart.
 */

/** The timeouts the app runs with here: small, so that the test is quick. */
const QUERY_TIMEOUT_MS = 2000;
const CONNECT_TIMEOUT_MS = 2000;
/** The longest any request may wait for its answer during the partition. */
const ANSWER_BOUND_MS = 8000;
/** How long the test waits for answers before it gives up on them and heals the partition. */
const GIVE_UP_MS = 20_000;

interface Answer {
  label: string;
  status: number | null;
  message: string | null;
  ms: number;
  endedAt: number;
}

/** A request whose answer time is measured from its start; `status` stays null until it answers. */
function timed(label: string, send: () => Promise<{ statusCode: number; body: string }>): { answer: Answer; done: Promise<void> } {
  const started = Date.now();
  const answer: Answer = { label, status: null, message: null, ms: 0, endedAt: 0 };
  const done = send().then(
    (response) => {
      answer.endedAt = Date.now();
      answer.ms = answer.endedAt - started;
      answer.status = response.statusCode;
      answer.message = messageOf(response.body);
    },
    (error: unknown) => {
      answer.endedAt = Date.now();
      answer.ms = answer.endedAt - started;
      answer.status = -1;
      answer.message = String(error);
    },
  );
  return { answer, done };
}

function messageOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && 'message' in parsed ? String(parsed.message) : null;
  } catch {
    return null;
  }
}

/** Waits until every request answered or `GIVE_UP_MS` passed; answers what had not answered by then. */
async function answeredWithin(requests: { answer: Answer; done: Promise<void> }[]): Promise<Answer[]> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(requests.map((request) => request.done)), new Promise((resolve) => (timer = setTimeout(resolve, GIVE_UP_MS)))]);
  clearTimeout(timer);
  return requests.filter((request) => request.answer.status === null).map((request) => request.answer);
}

const describeSummary = (answers: Answer[]) => answers.map((answer) => `${answer.label}: ${answer.status ?? 'no answer'} in ${answer.ms} ms`).join('; ');

describe.each((await testDialects()).filter((dialect) => dialect === 'postgres'))('6. Medium — a silent partition between the app and %s', () => {
  let database: { url: string; drop: () => Promise<void> };
  let proxy: TcpProxy;
  let app: FastifyInstance;
  let dataDir: string;
  let admin: Record<string, string>;
  let newsId = 0;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const direct = new URL(database.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(database.url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    dataDir = await mkdtemp(path.join(tmpdir(), 'site-partition-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: proxied.toString(),
      SEED_DEMO: '0',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      // Every read goes to the database: the page cache would answer some of them from memory.
      PAGE_CACHE_MB: '0',
      DB_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    });
    app = await buildApp(config, { logger: false, viewFlushMs: 60_000 });
    admin = await adminHeaders(app, 'MANAGER');
    const added = await addNews('Новость до разрыва');
    expect(added.statusCode).toBe(200);
    newsId = (added.json() as { data: { id: number } }).data.id;
  });

  afterAll(async () => {
    proxy?.heal();
    await app?.close();
    await proxy?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const inject = (options: InjectOptions) =>
    app.inject(options).then((response) => ({ statusCode: response.statusCode, body: response.body, json: () => response.json() }));
  const read = (url: string) => inject({ method: 'GET', url });
  function addNews(title: string) {
    const form = multipart({ title, public_at: '2026-01-01T09:00:00Z', content: '<p>Текст</p>' });
    return inject({ method: 'POST', url: '/api/admin/news/add', payload: form.payload, headers: { ...admin, ...form.headers } });
  }
  const reads = (label: string, count: number) =>
    Array.from({ length: count }, (_, i) => timed(`${label} ${i + 1}`, () => read(i % 2 ? '/api/news/items' : `/api/news/item/${newsId}`)));

  /** Heals the partition and waits until reads and a write answer 200 again, as they must without a restart. */
  async function healAndRecover(): Promise<void> {
    proxy.heal();
    await expect
      .poll(async () => (await read(`/api/news/item/${newsId}`)).statusCode, {
        timeout: 10_000,
        interval: 100,
        message: 'a read answers 200 within 10 s after the partition healed',
      })
      .toBe(200);
    // No connection broken by the partition is left in the pool: every later request is answered.
    for (let i = 0; i < 12; i++) expect((await read(i % 2 ? '/api/news/items' : `/api/news/item/${newsId}`)).statusCode).toBe(200);
    expect((await addNews('Новость после восстановления')).statusCode).toBe(200);
  }

  /** Every request answered 503 with the message of its kind within the bound. */
  function expectBoundedUnavailable(answers: Answer[]): void {
    for (const answer of answers) {
      expect(answer.status, answer.label).toBe(503);
      expect(answer.message, answer.label).toBe(answer.label.startsWith('write') ? DATABASE_UNAVAILABLE_WRITE : DATABASE_UNAVAILABLE_READ);
      expect(answer.ms, answer.label).toBeLessThan(ANSWER_BOUND_MS);
    }
  }

  it('answers requests in flight and new ones 503 within the bound while PostgreSQL is silent, and 200 once it speaks again', async () => {
    // The partition starts the moment the first read's statement reaches the server: its answer never comes.
    const started = proxy.partitionAfter('"news"');
    const inFlight = reads('read in flight', 12);
    await started;
    const partitionAt = Date.now();
    // More come while those in flight wait for the database.
    const early = [...reads('read during', 6), timed('write during', () => addNews('Не сохранится'))];
    // After the first answers are given up on, the pool opens new connections: they must not hang either.
    await answeredWithin(inFlight);
    const late = [...reads('read later', 6), timed('write later', () => addNews('Тоже не сохранится'))];
    const requests = [...inFlight, ...early, ...late];
    const unanswered = await answeredWithin(requests);
    const answers = requests.map((request) => request.answer);
    const longest = Math.max(...answers.map((answer) => answer.ms));
    console.log(
      `silent partition: ${requests.length} requests, longest answer ${unanswered.length ? `over ${GIVE_UP_MS} ms (${unanswered.length} never answered during it)` : `${longest} ms`}; ${describeSummary(answers)}`,
    );
    proxy.heal();
    await Promise.all(requests.map((request) => request.done));
    if (unanswered.length)
      console.log(`silent partition: after the heal, the last answer came ${Math.max(...answers.map((answer) => answer.ms))} ms after its request`);
    expect(unanswered.map((answer) => answer.label)).toEqual([]);
    // A first read whose answer was already on its way when the silence began may still succeed; the others were
    // waiting for the database (at least the one whose statement started the partition) and must fail in time.
    const caught = inFlight.map((request) => request.answer).filter((answer) => answer.status !== 200 || answer.endedAt > partitionAt + 100);
    expect(caught.length).toBeGreaterThan(0);
    expectBoundedUnavailable([...caught, ...[...early, ...late].map((request) => request.answer)]);
    await healAndRecover();
  }, 90_000);

  it('answers a write whose transaction is open when PostgreSQL falls silent 503 within the bound, and saves nothing', async () => {
    const title = 'Новость, чья транзакция оборвалась';
    // The partition starts once the insert inside the write's transaction reached the server.
    const started = proxy.partitionAfter('insert into "news"');
    const write = timed('write in a transaction', () => addNews(title));
    await started;
    const during = [...reads('read during', 4), timed('write during', () => addNews('Не сохранится'))];
    const requests = [write, ...during];
    const unanswered = await answeredWithin(requests);
    console.log(`silent partition during a transaction: ${describeSummary(requests.map((request) => request.answer))}`);
    proxy.heal();
    await Promise.all(requests.map((request) => request.done));
    expect(unanswered.map((answer) => answer.label)).toEqual([]);
    expectBoundedUnavailable(requests.map((request) => request.answer));
    await healAndRecover();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>('select count(*)::int as count from news where title = $1', [title]);
      expect(rows[0]?.count).toBe(0);
    } finally {
      await client.end();
    }
  }, 90_000);

  it('lets PostgreSQL cancel a statement past the query timeout, which counts as unavailable, and keeps the connection', async () => {
    const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(app.db);
    expect(rows[0]?.statement_timeout).toBe(`${QUERY_TIMEOUT_MS / 1000}s`);
    const started = Date.now();
    const error: unknown = await sql`select pg_sleep(${(QUERY_TIMEOUT_MS + 2000) / 1000})`.execute(app.db).then(
      () => null,
      (refused: unknown) => refused,
    );
    expect((error as { code?: string } | null)?.code).toBe('57014');
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(QUERY_TIMEOUT_MS + 1000);
    expect((await read(`/api/news/item/${newsId}`)).statusCode).toBe(200);
  });
});
