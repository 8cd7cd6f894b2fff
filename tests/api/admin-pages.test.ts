import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { adminHeaders, snapshot } from './admin-helpers.js';

describe.each(await testDialects())('admin text pages, menus and network collections on %s', (dialect) => {
  let t: TestApp;
  let manager: Record<string, string>;
  let user: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await adminHeaders(t.app, 'MANAGER');
    user = await adminHeaders(t.app, 'USER');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = manager) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  describe('text pages', () => {
    it('adds a page, updates it by identifier (visible at /api/text-pages/content/{identifier}) and removes it', async () => {
      const added = await call('POST', '/api/admin/text-pages/add', {
        identifier: 'informatsiya-dlya-aktsionerov',
        title: 'Акционерам',
        section: 'investoram',
        content: '<p>Было</p>',
      });
      expect(added.statusCode).toBe(200);
      const page = added.json().data;
      expect(page).toMatchObject({ identifier: 'informatsiya-dlya-aktsionerov', section: 'investoram', title: 'Акционерам', content: '<p>Было</p>' });

      const updated = await call('POST', '/api/admin/text-pages/update', {
        identifier: 'informatsiya-dlya-aktsionerov',
        content: '<h2 onmouseover="x()">Стало</h2><a href="javascript:void(0)">ссылка</a>',
        seo_title: 'Информация для акционеров',
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().data).toMatchObject({
        id: page.id,
        title: 'Акционерам',
        // Typeset on save: «для» keeps to the next word.
        seo_title: 'Информация для\u00a0акционеров',
        content: '<h2>Стало</h2><a>ссылка</a>',
      });
      const publicPage = await t.app.inject('/api/text-pages/content/informatsiya-dlya-aktsionerov');
      expect(publicPage.json().data).toMatchObject({ content: '<h2>Стало</h2><a>ссылка</a>', seo_title: 'Информация для\u00a0акционеров' });
      expect((await call('GET', `/api/admin/text-pages/${page.id}`)).json().data).toEqual(updated.json().data);

      const removed = await call('POST', `/api/admin/text-pages/remove/${page.id}`);
      expect(removed.json().data.id).toBe(page.id);
      expect((await t.app.inject('/api/text-pages/content/informatsiya-dlya-aktsionerov')).statusCode).toBe(404);
    });

    it('validates: content and identifier required, unknown identifier 404, taken identifier 409, bad identifier 400', async () => {
      await call('POST', '/api/admin/text-pages/add', { identifier: 'o-kompanii', title: 'О компании' });
      const before = await snapshot(t.app);
      const missing = await call('POST', '/api/admin/text-pages/update', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: 'Проверьте поля формы.', errors: { identifier: ['Заполните поле.'], content: ['Заполните поле.'] } });
      expect((await call('POST', '/api/admin/text-pages/update', { identifier: 'net-takoy', content: 'x' })).statusCode).toBe(404);
      expect((await call('POST', '/api/admin/text-pages/update', { identifier: 'o-kompanii', content: 5 })).statusCode).toBe(400);
      const taken = await call('POST', '/api/admin/text-pages/add', { identifier: 'o-kompanii', title: 'Дубль' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors).toEqual({ identifier: ['Страница с таким идентификатором уже есть.'] });
      expect((await call('POST', '/api/admin/text-pages/add', { identifier: '../etc', title: 'x' })).statusCode).toBe(400);
      expect((await call('POST', '/api/admin/text-pages/add', { identifier: 'x', title: 'x', section: 'secret' })).statusCode).toBe(400);
      expect((await call('POST', '/api/admin/text-pages/remove/999999')).statusCode).toBe(404);
      expect(await snapshot(t.app)).toEqual(before);
    });

    it('is MANAGER only', async () => {
      expect((await call('POST', '/api/admin/text-pages/update', { identifier: 'o-kompanii', content: 'x' }, user)).statusCode).toBe(403);
      expect((await call('GET', '/api/admin/text-pages', undefined, user)).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/admin/text-pages/update', payload: { identifier: 'o-kompanii', content: 'x' } })).statusCode,
      ).toBe(401);
    });
  });

  describe('menus (plain REST)', () => {
    it('creates, reads, updates and deletes items; the public menu follows; children go with their parent', async () => {
      const parent = await call('POST', '/api/admin/menus', { kind: 'main', title: 'О компании', url: '/o-kompanii' });
      expect(parent.statusCode).toBe(200);
      const parentId = parent.json().data.id;
      expect(parent.json().data).toEqual({ id: parentId, kind: 'main', parent_id: null, title: 'О компании', url: '/o-kompanii', position: 0, version: 1 });
      const child = (await call('POST', '/api/admin/menus', { kind: 'main', title: 'История', url: '/o-kompanii/istoriya', parent_id: parentId })).json().data;
      expect(child).toMatchObject({ parent_id: parentId, position: 1 });
      const tree = async () => (await t.app.inject('/api/menu/main')).json().data;
      expect((await tree())[0]).toMatchObject({ id: parentId, children: [{ id: child.id, title: 'История' }] });

      const put = await call('PUT', `/api/admin/menus/${child.id}`, { title: 'Наша история', id: 1, children: [] });
      expect(put.json().data).toMatchObject({ id: child.id, title: 'Наша история', parent_id: parentId });
      const list = await call(
        'GET',
        `/api/admin/menus?filter=${encodeURIComponent('{"kind":"main"}')}&sort=${encodeURIComponent('["position","ASC"]')}&range=[0,9]`,
      );
      expect(list.json().data.map((row: { id: number }) => row.id)).toEqual([parentId, child.id]);
      expect(list.headers['content-range']).toBe('menus 0-1/2');

      const removed = await call('DELETE', `/api/admin/menus/${parentId}`);
      expect(removed.json().data).toMatchObject({ id: parentId, title: 'О компании' });
      expect((await call('GET', `/api/admin/menus/${child.id}`)).statusCode).toBe(404);
      expect(await tree()).toEqual([]);
    });

    it('refuses bad kinds, javascript: links, unknown or looping parents; unknown ids are 404', async () => {
      const a = (await call('POST', '/api/admin/menus', { kind: 'footer', title: 'A' })).json().data;
      const b = (await call('POST', '/api/admin/menus', { kind: 'footer', title: 'B', parent_id: a.id })).json().data;
      const before = await snapshot(t.app);
      expect((await call('POST', '/api/admin/menus', { kind: 'sidebar', title: 'x' })).json().errors.kind).toBeDefined();
      expect((await call('POST', '/api/admin/menus', { kind: 'main', title: 'x', url: 'javascript:alert(1)' })).json().errors.url).toBeDefined();
      expect((await call('POST', '/api/admin/menus', { kind: 'main', title: 'x', url: '//evil.example' })).json().errors.url).toBeDefined();
      expect((await call('POST', '/api/admin/menus', { kind: 'main', title: 'x', parent_id: 999999 })).json().errors).toEqual({
        parent_id: ['Такого пункта меню нет.'],
      });
      expect((await call('POST', '/api/admin/menus', { kind: 'main', title: 'x', parent_id: a.id })).json().errors).toEqual({
        parent_id: ['Родитель — пункт другого меню.'],
      });
      const loop = await call('PUT', `/api/admin/menus/${a.id}`, { parent_id: b.id });
      expect(loop.statusCode).toBe(400);
      expect(loop.json().errors).toEqual({ parent_id: ['Пункт не может быть вложен сам в себя.'] });
      expect((await call('PUT', '/api/admin/menus/999999', { title: 'x' })).statusCode).toBe(404);
      expect((await call('DELETE', '/api/admin/menus/999999')).statusCode).toBe(404);
      expect((await call('POST', '/api/admin/menus', { kind: 'main' })).json().errors).toEqual({ title: ['Заполните поле.'] });
      expect(await snapshot(t.app)).toEqual(before);
      expect((await call('GET', '/api/admin/menus', undefined, user)).statusCode).toBe(403);
    });
  });

  describe('network collections (plain REST)', () => {
    it('creates, updates and deletes links; /api/network/collections follows', async () => {
      const created = await call('POST', '/api/admin/network-collections', { title: 'Telegram', url: 'https://t.me/company', icon: 'telegram' });
      expect(created.statusCode).toBe(200);
      const id = created.json().data.id;
      expect(created.json().data).toEqual({ id, title: 'Telegram', url: 'https://t.me/company', icon: 'telegram', position: 0, version: 1 });
      const collections = async () => (await t.app.inject('/api/network/collections')).json().data;
      expect(await collections()).toEqual([created.json().data]);
      expect((await call('PUT', `/api/admin/network-collections/${id}`, { position: 3 })).json().data.position).toBe(3);
      expect((await call('DELETE', `/api/admin/network-collections/${id}`)).json().data.id).toBe(id);
      expect(await collections()).toEqual([]);
    });

    it('requires title and an http(s) url, and a plain icon name', async () => {
      const before = await snapshot(t.app);
      const response = await call('POST', '/api/admin/network-collections', { url: 'javascript:alert(1)', icon: '<svg onload=x>' });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors).sort()).toEqual(['icon', 'title', 'url']);
      expect((await call('POST', '/api/admin/network-collections', { title: 'x', url: 'https://e.org', position: -1 })).statusCode).toBe(400);
      expect(await snapshot(t.app)).toEqual(before);
      expect((await call('POST', '/api/admin/network-collections', { title: 'x', url: 'https://e.org' }, user)).statusCode).toBe(403);
    });
  });
});
