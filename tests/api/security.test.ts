import { stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugFromTitle } from '../../lib/slug.js';
import { CONNECTION_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../server/app.js';
import { WEAK_PASSWORD_MESSAGE } from '../../server/auth/passwordPolicy.js';
import { ConfigError, loadConfig } from '../../server/config.js';
import { sanitizeHtml } from '../../server/content/sanitize.js';
import { databaseClientError } from '../../server/http/databaseErrors.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { listFiles, postForm, pngImage } from './admin-helpers.js';

/** The findings of the outside probe, one block each; every test here failed before its fix. */
describe.each(await testDialects())('security findings on %s', (dialect) => {
  let t: TestApp;
  let manager: { authorization: string };
  let newsId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = (await userWithToken(t.app, 'MANAGER')).headers;
    const added = await postForm(t.app, '/api/admin/news/add', manager, {
      title: 'Новость для проверок',
      public_at: '2026-01-10T09:00:00Z',
      content: '<p>Текст</p>',
    });
    expect(added.statusCode).toBe(200);
    newsId = added.json().data.id;
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: manager, ...(payload ? { payload } : {}) });

  describe('1. ids past the integer columns and NUL bytes never reach the database as 500', () => {
    it.each([
      ['/api/news/item/2147483648', 404],
      ['/api/news/item/999999999999999', 404],
      ['/api/news/item/%00abc', 404],
      ['/api/text-pages/content/%00', 404],
      ['/api/text-pages/content/a%01b', 404],
      ['/api/media/item/2147483648', 404],
    ])('GET %s answers %i', async (url, status) => {
      const response = await get(url);
      expect(response.statusCode).toBe(status);
      expect(typeof response.json().message).toBe('string');
    });

    it('the largest id is still a number the lookup accepts (and the record is found by a real id)', async () => {
      expect((await get('/api/news/item/2147483647')).statusCode).toBe(404);
      expect((await get(`/api/news/item/${newsId}`)).statusCode).toBe(200);
    });

    it('admin: an id past the range is 404 in the URL and 400 in a list filter', async () => {
      expect((await admin('GET', '/api/admin/news/2147483648')).statusCode).toBe(404);
      expect((await admin('POST', '/api/admin/news/remove/2147483648')).statusCode).toBe(404);
      expect((await admin('PUT', '/api/admin/users/2147483648', { name: 'x' })).statusCode).toBe(404);
      const filter = (value: string) => admin('GET', `/api/admin/news?filter=${encodeURIComponent(value)}`);
      expect((await filter('{"id":[9007199254740991]}')).statusCode).toBe(400);
      expect((await filter('{"id":[2147483648]}')).statusCode).toBe(400);
      expect((await filter('{"published":2147483648}')).statusCode).toBe(400);
      expect((await filter(`{"id":[${newsId}]}`)).json().data).toHaveLength(1);
      expect((await filter('{"q":"a\\u0000b"}')).statusCode).toBe(400);
      expect((await filter('{"slug":"a\\u0000b"}')).statusCode).toBe(400);
    });

    it('admin: references past the range and NUL in text are field errors (400)', async () => {
      const press = await admin('POST', '/api/admin/media-other/add', {
        title: 'Пресса',
        url: 'https://example.com/a',
        public_at: '2026-01-01T00:00:00Z',
        source_id: 99999999999,
      });
      expect(press.statusCode).toBe(400);
      expect(press.json().errors.source_id).toBeDefined();
      const menu = await admin('POST', '/api/admin/menus', { kind: 'main', title: 'x', url: '/x', parent_id: 99999999999 });
      expect(menu.statusCode).toBe(400);
      expect(menu.json().errors.parent_id).toBeDefined();
      const menuBig = await admin('POST', '/api/admin/menus', { kind: 'main', title: 'x', url: '/x', parent_id: '2147483648' });
      expect(menuBig.statusCode).toBe(400);
      const nul = await admin('POST', '/api/admin/media-other/add', { title: 'a\u0000b', url: 'https://example.com/b', public_at: '2026-01-01T00:00:00Z' });
      expect(nul.statusCode).toBe(400);
      expect(nul.json().errors.title).toBeDefined();
      const user = await admin('POST', '/api/admin/users', { email: 'a\u0000b@example.com', name: 'x', password: 'kq7#mZ2p-vL9!' });
      expect(user.statusCode).toBe(400);
      const html = await postForm(t.app, '/api/admin/news/add', manager, { title: 'Новость', public_at: '2026-01-10T09:00:00Z', content: '<p>a\u0000b</p>' });
      expect(html.statusCode).toBe(400);
      expect(html.json().errors.content).toBeDefined();
    });

    it('multi-line text keeps tabs and line breaks', async () => {
      const press = await admin('POST', '/api/admin/media-other/add', {
        title: 'Пресса',
        lead: 'Строка 1\r\nСтрока\t2',
        url: 'https://example.com/c',
        public_at: '2026-01-01T00:00:00Z',
      });
      expect(press.statusCode).toBe(200);
      // Accepted, then typeset like any lead: the line break stays (as \n), the tab becomes a space, and a
      // non-breaking space keeps the short last number to its word.
      expect(press.json().data.lead).toBe('Строка\u00a01\nСтрока\u00a02');
    });

    it('a reference to a missing record and a database refusal answer 4xx, never 500 (last line of defence)', async () => {
      const press = await admin('POST', '/api/admin/media-other/add', {
        title: 'Пресса',
        url: 'https://example.com/d',
        public_at: '2026-01-01T00:00:00Z',
        source_id: 2147483000,
      });
      expect(press.statusCode).toBe(400);
      for (const code of ['22003', '22P02', '22021', '54000', 'SQLITE_CONSTRAINT_FOREIGNKEY']) {
        const mapped = databaseClientError(Object.assign(new Error('refused'), { code }));
        expect(mapped?.statusCode, code).toBeGreaterThanOrEqual(400);
        expect(mapped?.statusCode, code).toBeLessThan(500);
      }
      expect(
        databaseClientError(Object.assign(new Error('fk'), { code: '23503', detail: 'Key (id)=(1) is still referenced from table "x".' }))?.statusCode,
      ).toBe(409);
      expect(databaseClientError(new Error('anything else'))).toBeNull();
    });
  });

  it('4. content keeps no ids or names (no clobbering of vike_pageContext): rich text declares none', () => {
    const html = sanitizeHtml('<div id="vike_pageContext">{"x":1}</div><a name="top">x</a>');
    expect(html).toBe('{"x":1}<a>x</a>');
  });

  it('6. a path that is not valid percent-encoding answers the Russian { message }', async () => {
    const response = await get('/api/news/item/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Некорректный запрос.' });
  });

  describe('7. decompression bombs', () => {
    it('a tiny 16000 × 16000 PNG is refused with 413 before it is decoded, and nothing is stored', async () => {
      const bomb = await sharp({ create: { width: 16000, height: 16000, channels: 3, background: '#fff' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const before = await listFiles(t.config.uploadsDir);
      const response = await postForm(t.app, '/api/admin/news/add', manager, { title: 'Бомба', public_at: '2026-01-10T09:00:00Z' }, [
        { field: 'image', filename: 'bomb.png', data: bomb },
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json().errors.image[0]).toMatch(/16000 × 16000/);
      expect(await listFiles(t.config.uploadsDir)).toEqual(before);
    });

    it('an ordinary picture still passes', async () => {
      const response = await postForm(t.app, '/api/admin/news/add', manager, { title: 'Картинка', public_at: '2026-01-10T09:00:00Z' }, [
        { field: 'image', filename: 'a.png', data: await pngImage(800, 500) },
      ]);
      expect(response.statusCode).toBe(200);
    });
  });

  it.each(['12345678', '        ', 'password', 'qwertyuiop', 'aaaaaaaaaa', '11111111'])(
    '8. the weak password %j is refused with a Russian message',
    async (password) => {
      const response = await admin('POST', '/api/admin/users', { email: `weak-${Math.random().toString(36).slice(2)}@example.com`, name: 'Слабый', password });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.password).toContain(WEAK_PASSWORD_MESSAGE);
    },
  );

  it('8. a weak password is refused on update too, a passphrase is accepted', async () => {
    const { user } = await userWithToken(t.app, 'USER');
    expect((await admin('PUT', `/api/admin/users/${user.id}`, { password: '12345678' })).statusCode).toBe(400);
    expect((await admin('PUT', `/api/admin/users/${user.id}`, { password: 'зелёный трамвай едет' })).statusCode).toBe(200);
  });

  // Only SQLite keeps its data in files of ours.
  if (dialect === 'sqlite') {
    it('9. the SQLite database and its -wal and -shm files are readable by the owner only', async () => {
      for (const name of ['site.db', 'site.db-wal', 'site.db-shm']) {
        const mode = (await stat(path.join(t.config.dataDir, name))).mode & 0o777;
        expect(mode.toString(8), name).toBe('600');
      }
    });
  }

  it('10. a generated slug holds only a-z, 0-9 and hyphens', async () => {
    expect(slugFromTitle('img bomb.png')).toBe('img-bomb-png');
    expect(slugFromTitle('Отчёт_2025 ~ итоги.')).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    const response = await postForm(t.app, '/api/admin/news/add', manager, { title: 'img bomb.png', public_at: '2026-01-10T09:00:00Z' });
    expect(response.json().data.slug).toBe('img-bomb-png');
  });

  it.each(['/\\evil.example', '//evil.example', '/\tevil', '/a\\b'])('11. the menu link %j is refused', async (url) => {
    const response = await admin('POST', '/api/admin/menus', { kind: 'main', title: 'x', url });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.url).toBeDefined();
  });

  it('11. an ordinary site path is still a menu link', async () => {
    expect((await admin('POST', '/api/admin/menus', { kind: 'main', title: 'x', url: '/news?page=2' })).statusCode).toBe(200);
  });

  it('/.well-known/security.txt names the contact for vulnerability reports', async () => {
    const response = await get('/.well-known/security.txt');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Contact: mailto:security@example.com');
    expect(response.body).toMatch(/^Expires: \d{4}-/m);
  });

  it('12. the server has request, connection and keep-alive timeouts', () => {
    const server = t.app.server;
    expect(server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(t.app.initialConfig.connectionTimeout).toBe(CONNECTION_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(60_000);
  });
});

describe('8. ADMIN_PASSWORD follows the password policy', () => {
  it('refuses a weak one at start with a clear message, accepts a strong one', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/site-config-test', ADMIN_PASSWORD: '12345678', JWT_SECRET: 'x' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: '/tmp/site-config-test', ADMIN_PASSWORD: 'short', JWT_SECRET: 'x' })).toThrow(/8 to 128/);
    expect(loadConfig({ DATA_DIR: '/tmp/site-config-test', ADMIN_PASSWORD: 'manager-password-1', JWT_SECRET: 'x' }).adminPassword).toBe('manager-password-1');
  });
});
