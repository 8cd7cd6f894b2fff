import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo, insertVideo } from '../helpers/fixtures.js';
import { adminHeaders, keysOfImage, libraryHolding, pngImage, postForm, snapshot, type FilePart } from './admin-helpers.js';

const onDisk = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe.each(await testDialects())('admin media on %s', (dialect) => {
  let t: TestApp;
  let user: Record<string, string>;
  let manager: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await adminHeaders(t.app, 'USER');
    manager = await adminHeaders(t.app, 'MANAGER');
  });
  afterAll(() => t.close());

  const json = (url: string, payload?: object, headers = user) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const form = (url: string, fields: Record<string, string | number>, files: FilePart[] = [], headers = manager) =>
    postForm(t.app, url, headers, fields, files);
  const get = (url: string, headers = user) => t.app.inject({ method: 'GET', url, headers });

  describe('media-other (press items, JSON)', () => {
    it('adds, updates and removes a press item; the public list follows', async () => {
      const source = (await form('/api/admin/media-source/add', { name: 'Коммерсантъ', url: 'https://www.kommersant.ru' })).json().data;
      const added = await json('/api/admin/media-other/add', {
        title: 'О нас написали',
        url: 'https://www.kommersant.ru/doc/1',
        source_id: source.id,
        public_at: daysAgo(1),
      });
      expect(added.statusCode).toBe(200);
      const record = added.json().data;
      // The title is typeset on save: a non-breaking space binds «О» to the next word.
      expect(record).toMatchObject({ title: 'О\u00a0нас написали', url: 'https://www.kommersant.ru/doc/1', source_id: source.id, published: 1, lead: '' });
      expect((await get(`/api/admin/media-other/${record.id}`)).json().data).toEqual(record);
      const publicItems = async () => (await t.app.inject('/api/media/other-items?page=1')).json().data.items;
      expect((await publicItems())[0]).toMatchObject({ id: record.id, source: { id: source.id, name: 'Коммерсантъ' } });

      // Update: re-sorted by public_at (an older date moves it behind a newer item).
      const newer = (await json('/api/admin/media-other/add', { title: 'Свежая', url: 'https://example.org/2', public_at: daysAgo(0.5) })).json().data;
      const updated = (
        await json(`/api/admin/media-other/update/${record.id}`, { title: 'Исправлено', public_at: daysAgo(3), id: 999, extra: 'ignored' })
      ).json().data;
      expect(updated).toMatchObject({ id: record.id, title: 'Исправлено', url: record.url });
      expect((await publicItems()).map((item: { id: number }) => item.id)).toEqual([newer.id, record.id]);

      const removed = await json(`/api/admin/media-other/remove/${record.id}`);
      expect(removed.json().data.id).toBe(record.id);
      expect((await publicItems()).map((item: { id: number }) => item.id)).toEqual([newer.id]);
      expect((await json(`/api/admin/media-other/remove/${record.id}`)).statusCode).toBe(404);
    });

    it('requires title, url and public_at, checks types and the source, and writes nothing on failure', async () => {
      const before = await snapshot(t.app);
      const missing = await json('/api/admin/media-other/add', { lead: 'x' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        message: 'Проверьте поля формы.',
        errors: { title: ['Заполните поле.'], url: ['Заполните поле.'], public_at: ['Заполните поле.'] },
      });
      const wrong = await json('/api/admin/media-other/add', { title: 42, url: 'javascript:alert(1)', public_at: 'вчера', published: 5 });
      expect(wrong.statusCode).toBe(400);
      expect(Object.keys(wrong.json().errors).sort()).toEqual(['public_at', 'published', 'title', 'url']);
      const noSource = await json('/api/admin/media-other/add', { title: 'x', url: 'https://e.org', public_at: daysAgo(1), source_id: 999999 });
      expect(noSource.statusCode).toBe(400);
      expect(noSource.json().errors).toEqual({ source_id: ['Такого источника нет.'] });
      expect((await json('/api/admin/media-other/update/999999', { title: 'x' })).statusCode).toBe(404);
      expect(await snapshot(t.app)).toEqual(before);
    });
  });

  describe('media-video (JSON) and the fixed order', () => {
    const publicOrder = async () => (await t.app.inject('/api/media/video-items?page=1')).json().data.items.map((item: { id: number }) => item.id);

    it('adds and updates a video; requires title, video_url and public_at', async () => {
      const added = await json('/api/admin/media-video/add', {
        title: 'Видеообзор',
        video_url: 'https://rutube.ru/play/embed/1',
        public_at: daysAgo(1),
        fixed: 1,
      });
      expect(added.statusCode).toBe(200);
      expect(added.json().data).toMatchObject({ title: 'Видеообзор', fixed: 0, fixed_order: null, published: 1, preview: null });
      const updated = await json(`/api/admin/media-video/update/${added.json().data.id}`, { published: 0 });
      expect(updated.json().data).toMatchObject({ id: added.json().data.id, published: 0, title: 'Видеообзор' });
      expect(await publicOrder()).not.toContain(added.json().data.id);
      const missing = await json('/api/admin/media-video/add', { title: 'Без ссылки', public_at: daysAgo(1) });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual({ video_url: ['Заполните поле.'] });
      expect((await json(`/api/admin/media-video/remove/${added.json().data.id}`)).json().data.id).toBe(added.json().data.id);
    });

    it('fix appends to the fixed order, moves swap neighbours (no-op at the edges), unfix closes the gap', async () => {
      const a = await insertVideo(t.app.db, { public_at: daysAgo(3) });
      const b = await insertVideo(t.app.db, { public_at: daysAgo(2) });
      const c = await insertVideo(t.app.db, { public_at: daysAgo(1) });
      // Rows written past the API end no cached answer by themselves.
      await t.app.pageCache.invalidate({ tables: ['media_video'] });
      expect((await publicOrder()).slice(0, 3)).toEqual([c, b, a]);

      const fixA = await json(`/api/admin/media-video/fix/${a}`);
      expect(fixA.json().data).toMatchObject({ id: a, fixed: 1, fixed_order: 1 });
      expect((await json(`/api/admin/media-video/fix/${b}`)).json().data).toMatchObject({ fixed: 1, fixed_order: 2 });
      expect((await json(`/api/admin/media-video/fix/${a}`)).json().data).toMatchObject({ fixed: 1, fixed_order: 1 });
      expect((await publicOrder()).slice(0, 3)).toEqual([a, b, c]);

      expect((await json(`/api/admin/media-video/move-up-fixed/${b}`)).json().data).toMatchObject({ id: b, fixed_order: 1 });
      expect((await publicOrder()).slice(0, 3)).toEqual([b, a, c]);
      const edgeUp = await json(`/api/admin/media-video/move-up-fixed/${b}`);
      expect(edgeUp.statusCode).toBe(200);
      expect(edgeUp.json().data).toMatchObject({ id: b, fixed_order: 1 });
      expect((await json(`/api/admin/media-video/move-down-fixed/${a}`)).json().data).toMatchObject({ id: a, fixed_order: 2 });
      expect((await json(`/api/admin/media-video/move-down-fixed/${b}`)).json().data).toMatchObject({ id: b, fixed_order: 2 });
      expect((await publicOrder()).slice(0, 3)).toEqual([a, b, c]);

      expect((await json(`/api/admin/media-video/fix/${c}`)).json().data).toMatchObject({ fixed_order: 3 });
      const unfixA = await json(`/api/admin/media-video/unfix/${a}`);
      expect(unfixA.json().data).toMatchObject({ id: a, fixed: 0, fixed_order: null });
      expect((await get(`/api/admin/media-video/${b}`)).json().data.fixed_order).toBe(1);
      expect((await get(`/api/admin/media-video/${c}`)).json().data.fixed_order).toBe(2);
      expect((await publicOrder()).slice(0, 3)).toEqual([b, c, a]);

      const notFixed = await json(`/api/admin/media-video/move-up-fixed/${a}`);
      expect(notFixed.statusCode).toBe(400);
      expect(notFixed.json().message).toBe('Видео не закреплено.');
      for (const verb of ['fix', 'unfix', 'move-up-fixed', 'move-down-fixed', 'remove']) {
        expect((await json(`/api/admin/media-video/${verb}/999999`)).statusCode).toBe(404);
      }
      // Removing a fixed video closes the gap too.
      await json(`/api/admin/media-video/remove/${b}`);
      expect((await get(`/api/admin/media-video/${c}`)).json().data.fixed_order).toBe(1);
    });

    it('answers a verb sent with an empty JSON body', async () => {
      const id = await insertVideo(t.app.db);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/media-video/fix/${id}`,
        headers: { ...user, 'content-type': 'application/json' },
        payload: '',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.fixed).toBe(1);
      await json(`/api/admin/media-video/unfix/${id}`);
    });
  });

  describe('media-source (multipart, MANAGER)', () => {
    it('adds with a PNG logo (re-encoded with variants), updates, and remove answers active 0 and hides it', async () => {
      const added = await form('/api/admin/media-source/add', { name: 'Ведомости', url: 'https://www.vedomosti.ru' }, [
        { field: 'logo', filename: 'logo.png', data: await pngImage(300, 100), type: 'image/png' },
      ]);
      expect(added.statusCode).toBe(200);
      const source = added.json().data;
      expect(source).toMatchObject({ name: 'Ведомости', active: 1, logo: { width: 300, height: 100, alt: 'Ведомости' } });
      expect(source.logo.variants.length).toBeGreaterThan(0);
      const names = async () => (await t.app.inject('/api/media/sources')).json().data.map((item: { id: number }) => item.id);
      expect(await names()).toContain(source.id);

      const updated = await form(`/api/admin/media-source/update/${source.id}`, { name: 'Ведомости (ред.)' });
      expect(updated.json().data).toMatchObject({ id: source.id, name: 'Ведомости (ред.)', logo: { src: source.logo.src, alt: 'Ведомости (ред.)' } });

      const removed = await json(`/api/admin/media-source/remove/${source.id}`, undefined, manager);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().data).toMatchObject({ id: source.id, active: 0 });
      expect(await names()).not.toContain(source.id);
      expect((await get(`/api/admin/media-source/${source.id}`, manager)).json().data.active).toBe(0);
      expect((await json('/api/admin/media-source/remove/999999', undefined, manager)).statusCode).toBe(404);
    });

    it('sanitises an SVG logo carrying a script, an onload handler and external references', async () => {
      const svg =
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="40" onload="alert(1)">' +
        '<script>alert(document.cookie)</script><rect width="120" height="40" fill="#0b5cad" onclick="alert(2)"/>' +
        '<foreignObject><iframe src="https://evil.example"></iframe></foreignObject>' +
        '<image href="https://evil.example/track.png"/><use xlink:href="https://evil.example/sprite.svg#a"/>' +
        '<a href="javascript:alert(3)"><text>Лого</text></a></svg>';
      const response = await form('/api/admin/media-source/add', { name: 'SVG-источник' }, [
        { field: 'logo', filename: 'logo.svg', data: Buffer.from(svg), type: 'image/svg+xml' },
      ]);
      expect(response.statusCode).toBe(200);
      const logo = response.json().data.logo;
      expect(logo).toMatchObject({ width: 120, height: 40, variants: [] });
      const stored = await readFile(path.join(t.config.uploadsDir, keysOfImage(logo)[0]!), 'utf8');
      expect(stored).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(stored).toContain('<rect');
      expect(stored).not.toMatch(/<script|onload|onclick|foreignObject|iframe|evil\.example|javascript:/i);
      // Served with a sandbox CSP and nosniff.
      const served = await t.app.inject(logo.src);
      expect(served.headers['content-security-policy']).toContain('sandbox');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    });

    it('refuses a file that is not what its name says, a field that takes no file, and a missing name', async () => {
      const before = await snapshot(t.app);
      const fake = await form('/api/admin/media-source/add', { name: 'Поддельный' }, [
        { field: 'logo', filename: 'logo.svg', data: await pngImage(), type: 'image/svg+xml' },
      ]);
      expect(fake.statusCode).toBe(415);
      const notSvg = await form('/api/admin/media-source/add', { name: 'HTML' }, [
        { field: 'logo', filename: 'logo.svg', data: Buffer.from('<html><body onload="alert(1)">x</body></html>'), type: 'image/svg+xml' },
      ]);
      expect(notSvg.statusCode).toBe(415);
      const exe = await form('/api/admin/media-source/add', { name: 'EXE' }, [
        { field: 'logo', filename: 'logo.exe', data: Buffer.from('MZ'), type: 'application/octet-stream' },
      ]);
      expect(exe.statusCode).toBe(415);
      expect(exe.json().errors.logo[0]).toMatch(/^Допустимые форматы/);
      const stray = await form('/api/admin/media-source/add', { name: 'Лишний файл' }, [
        { field: 'avatar', filename: 'a.png', data: await pngImage(), type: 'image/png' },
      ]);
      expect(stray.statusCode).toBe(400);
      const nameless = await form('/api/admin/media-source/add', { url: 'https://e.org' });
      expect(nameless.statusCode).toBe(400);
      expect(nameless.json().errors).toEqual({ name: ['Заполните поле.'] });
      expect(await snapshot(t.app)).toEqual(before);
    });

    it('is MANAGER only: a USER gets 403 and the source stays as it was', async () => {
      const source = (await form('/api/admin/media-source/add', { name: 'Только менеджер' })).json().data;
      expect((await json(`/api/admin/media-source/remove/${source.id}`, undefined, user)).statusCode).toBe(403);
      expect((await form('/api/admin/media-source/add', { name: 'x' }, [], user)).statusCode).toBe(403);
      expect((await get('/api/admin/media-source', user)).statusCode).toBe(403);
      expect((await get(`/api/admin/media-source/${source.id}`, manager)).json().data.active).toBe(1);
    });

    it('replacing a logo keeps the old files in the media library, no longer used by the source', async () => {
      const source = (
        await form('/api/admin/media-source/add', { name: 'С логотипом' }, [
          { field: 'logo', filename: 'a.png', data: await pngImage(200, 80), type: 'image/png' },
        ])
      ).json().data;
      const updated = (
        await form(`/api/admin/media-source/update/${source.id}`, {}, [
          { field: 'logo', filename: 'b.png', data: await pngImage(240, 80, '#990000'), type: 'image/png' },
        ])
      ).json().data;
      expect(updated.logo.width).toBe(240);
      for (const key of keysOfImage(source.logo)) expect(await onDisk(path.join(t.config.uploadsDir, key))).toBe(true);
      expect((await libraryHolding(t.app, source.logo.src))?.usedBy).not.toContain(`media-source/${source.id}`);
      for (const key of keysOfImage(updated.logo)) expect(await onDisk(path.join(t.config.uploadsDir, key))).toBe(true);
    });
  });
});
