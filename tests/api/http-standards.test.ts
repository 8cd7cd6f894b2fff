import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ACCEPTABLE_MESSAGE } from '../../server/cache/delivery.js';
import type { Database } from '../../server/db/schema.js';
import { METHOD_NOT_ALLOWED_MESSAGE } from '../../server/http/allowedMethods.js';
import { PRECONDITION_FAILED_MESSAGE } from '../../server/http/conditions.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo, publishFiles } from '../helpers/fixtures.js';
import { userWithToken } from '../helpers/auth.js';
import { postForm } from './admin-helpers.js';

/**
 * The delivery path as HTTP's standards say, over a real socket: content codings chosen by the client's q-values,
 * `Vary` on every negotiated answer, preconditions on reads (If-Match, If-Range), ranges, the methods an address
 * takes (OPTIONS, 405 with Allow) and the challenge of a 401.
 */

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const FILE = 'tests/0a1b2c3d4e5f60718293a4c1.txt';
const FILE_BYTES = Buffer.from('0123456789'.repeat(300));
const FILE_TIME = new Date('2026-01-02T03:04:05Z');
const FRESH_FILE = 'tests/0a1b2c3d4e5f60718293a4c2.txt';

describe.each(await testDialects())('HTTP standards on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let manager: Awaited<ReturnType<typeof userWithToken>>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: true, env: { METRICS_TOKEN: 'metrics-token-of-the-http-standards-test' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
    manager = await userWithToken(t.app, 'MANAGER');
    const file = path.join(t.config.uploadsDir, FILE);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, FILE_BYTES);
    await utimes(file, FILE_TIME, FILE_TIME);
    await publishFiles(
      t.app.db as Kysely<Database>,
      [FILE, FRESH_FILE].map((key) => ({ key, size: FILE_BYTES.length })),
    );
  }, 120_000);
  afterAll(() => t?.close());

  const send = (method: string, url: string, headers: Record<string, string> = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const outgoing = httpRequest(`${base}${url}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  const varies = (answer: Answer) => expect(String(answer.headers.vary ?? '')).toMatch(/accept-encoding/i);
  const messageOf = (answer: Answer) => (JSON.parse(answer.body.toString()) as { message: string }).message;

  // A page, a public JSON read, and an admin list (not cached, compressed on the fly).
  const ADDRESSES = ['/', '/api/media/generals', '/api/admin/news?_end=20'];
  const headersFor = (url: string) => (url.startsWith('/api/admin') ? manager.headers : {});

  describe('content codings follow the q-values', () => {
    it.each([
      ['GZIP', 'gzip'],
      ['br;q=0.5, gzip;q=1', 'gzip'],
      ['Br;Q=1, gzip;q=1', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip;q=0, br;q=0', 'identity'],
      ['deflate', 'identity'],
      ['', 'identity'],
      ['*', 'br'],
      ['*;q=0.5, br;q=0', 'gzip'],
      ['*;q=0, identity', 'identity'],
      ['identity;q=0, gzip;q=0.1', 'gzip'],
      ['x-gzip', 'gzip'],
    ])('Accept-Encoding "%s" → %s', async (acceptEncoding, coding) => {
      for (const url of ADDRESSES) {
        // Twice: the first answer renders the page, the second comes from the cache.
        for (let round = 0; round < 2; round += 1) {
          const answer = await send('GET', url, { ...headersFor(url), 'accept-encoding': acceptEncoding });
          expect(answer.status, url).toBe(200);
          expect(answer.headers['content-encoding'] ?? 'identity', `${url} round ${round}`).toBe(coding);
          varies(answer);
        }
      }
    });

    it('a client that accepts none of the codings, not even the plain bytes, gets 406, which depends on Accept-Encoding', async () => {
      for (const acceptEncoding of ['identity;q=0', '*;q=0', 'zstd, identity;q=0']) {
        const answer = await send('GET', '/', { 'accept-encoding': acceptEncoding });
        expect(answer.status).toBe(406);
        expect(messageOf(answer)).toBe(NOT_ACCEPTABLE_MESSAGE);
        varies(answer);
      }
    });

    it('a 304 says Vary: Accept-Encoding too, for pages and public reads', async () => {
      for (const url of ['/', '/api/media/generals']) {
        const first = await send('GET', url, { 'accept-encoding': 'gzip' });
        const again = await send('GET', url, { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) });
        expect(again.status).toBe(304);
        varies(again);
      }
    });

    it("a library file's 304 says Vary too, and If-None-Match matches its tag weakly or in a list", async () => {
      const asset = await t.app.db.selectFrom('assets').select('id').where('kind', '=', 'image').orderBy('id').executeTakeFirstOrThrow();
      const url = `/api/assets/${asset.id}/file`;
      const file = await send('GET', url, manager.headers);
      expect(file.status).toBe(200);
      varies(file);
      const etag = String(file.headers.etag);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await send('GET', url, { ...manager.headers, 'if-none-match': ifNoneMatch });
        expect(again.status, ifNoneMatch).toBe(304);
        expect(again.body.length).toBe(0);
        varies(again);
      }
      expect((await send('GET', url, { ...manager.headers, 'if-none-match': '"other"' })).status).toBe(200);
    });
  });

  describe('If-Match on reads', () => {
    it('a page or a public read with a weak ETag passes only If-Match: *; any entity tag, even its own, is 412', async () => {
      for (const url of ['/', '/api/media/generals']) {
        const page = await send('GET', url);
        expect(page.status).toBe(200);
        const etag = String(page.headers.etag);
        expect(etag).toMatch(/^W\//);
        for (const ifMatch of [etag, etag.slice(2), '"other"']) {
          const refused = await send('GET', url, { 'if-match': ifMatch });
          expect(refused.status, `${url} If-Match ${ifMatch}`).toBe(412);
          expect(messageOf(refused)).toBe(PRECONDITION_FAILED_MESSAGE);
          // A failed If-Match wins over a matching If-None-Match.
          expect((await send('GET', url, { 'if-match': ifMatch, 'if-none-match': etag })).status).toBe(412);
        }
        expect((await send('GET', url, { 'if-match': '*' })).status).toBe(200);
        expect((await send('HEAD', url, { 'if-match': '"other"' })).status).toBe(412);
      }
    });

    it('an admin read compares its strong version: the current one passes, an older one is 412; a stale save stays 409', async () => {
      const added = await postForm(t.app, '/api/admin/news/add', manager.headers, {
        title: 'Версия',
        lead: 'Анонс',
        content: '<p>Текст</p>',
        public_at: daysAgo(1),
      });
      const id = (added.json() as { data: { id: number } }).data.id;
      await postForm(t.app, `/api/admin/news/update/${id}`, manager.headers, { title: 'Версия 2' });
      const current = await send('GET', `/api/admin/news/${id}`, { ...manager.headers, 'if-match': '"2"' });
      expect(current.status).toBe(200);
      expect(current.headers.etag).toBe('"2"');
      expect((await send('GET', `/api/admin/news/${id}`, { ...manager.headers, 'if-match': '"1"' })).status).toBe(412);
      const stale = await postForm(t.app, `/api/admin/news/update/${id}`, { ...manager.headers, 'if-match': '"1"' }, { title: 'Чужая правка' });
      expect(stale.statusCode).toBe(409);
    });

    it('a file with a weak ETag passes only If-Match: *', async () => {
      const file = await send('GET', `/uploads/${FILE}`);
      expect(file.status).toBe(200);
      const etag = String(file.headers.etag);
      expect((await send('GET', `/uploads/${FILE}`, { 'if-match': etag })).status).toBe(412);
      expect((await send('GET', `/uploads/${FILE}`, { 'if-match': '"nothing-like-it"' })).status).toBe(412);
      expect((await send('GET', `/uploads/${FILE}`, { 'if-match': '*' })).status).toBe(200);
    });
  });

  describe('ranges of files', () => {
    it('a part is 206 with its Content-Range; a range past the end is 416 with Content-Range: bytes */<length>', async () => {
      const part = await send('GET', `/uploads/${FILE}`, { range: 'bytes=10-19' });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 10-19/${FILE_BYTES.length}`);
      expect(part.body.toString()).toBe('0123456789');
      const outside = await send('GET', `/uploads/${FILE}`, { range: 'bytes=5000-6000' });
      expect(outside.status).toBe(416);
      expect(outside.headers['content-range']).toBe(`bytes */${FILE_BYTES.length}`);
    });

    it('If-Range gives a part only for the exact Last-Modified date; a weak tag, another date or a garbled one gets the whole file', async () => {
      const file = await send('GET', `/uploads/${FILE}`);
      const lastModified = String(file.headers['last-modified']);
      expect(lastModified).toBe(FILE_TIME.toUTCString());
      const ranged = (ifRange: string) => send('GET', `/uploads/${FILE}`, { range: 'bytes=0-9', 'if-range': ifRange });
      expect((await ranged(lastModified)).status).toBe(206);
      for (const ifRange of [
        String(file.headers.etag),
        String(file.headers.etag).slice(2),
        new Date(FILE_TIME.getTime() + 60_000).toUTCString(),
        'yesterday',
      ]) {
        const whole = await ranged(ifRange);
        expect(whole.status, `If-Range ${ifRange}`).toBe(200);
        expect(whole.body.length).toBe(FILE_BYTES.length);
      }
    });

    it('If-Range on an address that is not valid percent-encoding is a client error, never a 500', async () => {
      const answer = await send('GET', '/uploads/tests/%E0%A4%A.txt', { range: 'bytes=0-9', 'if-range': FILE_TIME.toUTCString() });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    });

    it('a date is no strong validator unless the file is at least a second older than the answer', async () => {
      const fresh = path.join(t.config.uploadsDir, FRESH_FILE);
      await writeFile(fresh, FILE_BYTES);
      // Dated after the answer (a file changed within the second the answer is sent, or a clock ahead): which second
      // the answer falls in then never decides the outcome.
      const later = new Date(Date.now() + 30_000);
      await utimes(fresh, later, later);
      const answer = await send('GET', `/uploads/${FRESH_FILE}`, { range: 'bytes=0-9', 'if-range': later.toUTCString() });
      expect(answer.status).toBe(200);
    });
  });

  describe('the methods an address takes', () => {
    it('OPTIONS answers 204 with Allow: the methods of the address', async () => {
      const cases: [string, string[]][] = [
        ['/', ['GET', 'HEAD', 'OPTIONS']],
        ['/news', ['GET', 'HEAD', 'OPTIONS']],
        ['/api/media/generals', ['GET', 'HEAD', 'OPTIONS']],
        ['/api/site/login', ['POST', 'OPTIONS']],
        [`/uploads/${FILE}`, ['GET', 'HEAD', 'OPTIONS']],
        // Added early, before the error handler: its timing hook must come before every route.
        ['/metrics', ['GET', 'HEAD', 'OPTIONS']],
      ];
      for (const [url, methods] of cases) {
        const answer = await send('OPTIONS', url);
        expect(answer.status, url).toBe(204);
        expect(String(answer.headers.allow).split(', ').sort(), url).toEqual([...methods].sort());
      }
    });

    it('a method the address does not take is 405 with Allow; an address nothing serves stays 404', async () => {
      const posted = await send('POST', '/news');
      expect(posted.status).toBe(405);
      expect(String(posted.headers.allow).split(', ').sort()).toEqual(['GET', 'HEAD', 'OPTIONS']);
      expect(messageOf(posted)).toBe(METHOD_NOT_ALLOWED_MESSAGE);
      const deleted = await send('DELETE', '/api/media/generals');
      expect(deleted.status).toBe(405);
      const login = await send('GET', '/api/site/login');
      expect(login.status).toBe(405);
      expect(String(login.headers.allow).split(', ').sort()).toEqual(['OPTIONS', 'POST']);
      const scraped = await send('POST', '/metrics');
      expect(scraped.status).toBe(405);
      expect(String(scraped.headers.allow).split(', ').sort()).toEqual(['GET', 'HEAD', 'OPTIONS']);
      expect((await send('POST', '/api/no-such-thing')).status).toBe(404);
      expect((await send('GET', '/api/no-such-thing')).status).toBe(404);
      expect((await send('OPTIONS', '/api/no-such-thing')).status).toBe(404);
    });
  });

  it('a 401 carries WWW-Authenticate with the bearer challenge, naming a refused token', async () => {
    const anonymous = await send('GET', '/api/admin/news');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="api"');
    const forged = await send('GET', '/api/admin/news', { authorization: 'Bearer a.b.c' });
    expect(forged.status).toBe(401);
    expect(forged.headers['www-authenticate']).toBe('Bearer realm="api", error="invalid_token"');
  });
});
