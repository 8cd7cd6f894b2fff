import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE } from '../../server/auth/guard.js';
import { namedFiles } from '../../server/files/fileColumns.js';
import { purgeTrash } from '../../server/trash/purge.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { adminHeaders, jpegImage, keysOfImage, leaveLibrary, pngImage, postForm, type FilePart } from './admin-helpers.js';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

interface TrashEntry {
  id: number;
  resource: string;
  record_id: number;
  title: string;
  removed_by_email: string;
  removed_at: string;
  purge_at: string;
}

describe.each(await testDialects())('the trash on %s', (dialect) => {
  let t: TestApp;
  let user: Record<string, string>;
  let manager: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await adminHeaders(t.app, 'USER');
    manager = await adminHeaders(t.app, 'MANAGER');
  });
  afterAll(() => t.close());

  const send = (url: string, fields: Record<string, string | number>, files: FilePart[] = [], headers = user) => postForm(t.app, url, headers, fields, files);
  const post = (url: string, headers = user) => t.app.inject({ method: 'POST', url, headers });
  const json = (url: string, payload: object, headers = user) => t.app.inject({ method: 'POST', url, payload, headers });
  const trash = async (headers = user, query = '') => {
    const response = await t.app.inject({ url: `/api/admin/trash${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return { entries: response.json().data as TrashEntry[], range: response.headers['content-range'] };
  };
  const onDisk = (key: string) => exists(path.join(t.config.uploadsDir, key));
  // Each item's own picture (a size of its own), taken out of the media library as an upload made before it was: the
  // trash then keeps and purges the item's files itself.
  let pictures = 0;
  const addNews = async (title: string, slug = '') => {
    pictures += 1;
    const response = await send('/api/admin/news/add', { title, slug, public_at: daysAgo(1), content: `<p>${title}: текст</p>` }, [
      { field: 'image', filename: 'photo.jpg', data: await jpegImage(800 + pictures, 500), type: 'image/jpeg' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const item = response.json().data as { id: number; slug: string; title: string; image: { src: string; variants: { src: string }[] } };
    await leaveLibrary(t.app, item.image.src);
    return item;
  };
  const publicNewsIds = async () => ((await t.app.inject('/api/news/items')).json().data.items as { id: number }[]).map((item) => item.id);
  const searchTitles = async (q: string) =>
    ((await t.app.inject(`/api/search?q=${encodeURIComponent(q)}`)).json().data.items as { title: { text: string }[] }[]).map((item) =>
      item.title.map((piece) => piece.text).join(''),
    );

  it('remove moves a news item to the trash: gone from the site and the search at once, files kept, listed with who and when', async () => {
    const added = await addNews('Открытие филиала в Казани');
    expect(await publicNewsIds()).toContain(added.id);
    expect((await t.app.inject(`/api/news/item/${added.slug}`)).statusCode).toBe(200);
    // The index keeps words and spaces: the typeset title's non-breaking spaces are spaces in the results.
    expect(await searchTitles('филиал Казань')).toContain(added.title.replaceAll('\u00a0', ' '));

    const removed = await post(`/api/admin/news/remove/${added.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual(added);
    expect(await publicNewsIds()).not.toContain(added.id);
    expect((await t.app.inject(`/api/news/item/${added.slug}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/admin/news/${added.id}`, headers: user })).statusCode).toBe(404);
    expect(await searchTitles('филиал Казань')).not.toContain(added.title);
    for (const key of keysOfImage(added.image)) expect(await onDisk(key)).toBe(true);

    const { entries, range } = await trash();
    const entry = entries.find((item) => item.resource === 'news' && item.record_id === added.id);
    expect(entry).toMatchObject({ title: added.title, removed_by_email: expect.stringMatching(/^user-.*@example\.com$/) });
    expect(Date.now() - Date.parse(entry?.removed_at ?? '')).toBeLessThan(60_000);
    expect(Date.parse(entry?.purge_at ?? '') - Date.parse(entry?.removed_at ?? '')).toBe(30 * 86_400_000);
    expect(range).toMatch(/^trash 0-\d+\/\d+$/);
    // The start-up sweep of files no row names keeps the files of the trash.
    const named = await namedFiles(t.app.db);
    for (const key of keysOfImage(added.image)) expect(named.has(key)).toBe(true);
  });

  it('restore puts the item back under the same address, in the lists and the search; audited', async () => {
    const added = await addNews('Годовое собрание акционеров');
    await post(`/api/admin/news/remove/${added.id}`);
    const restored = await post(`/api/admin/trash/restore/news/${added.id}`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toEqual(added);
    expect(await publicNewsIds()).toContain(added.id);
    expect((await t.app.inject(`/api/news/item/${added.slug}`)).json().data).toMatchObject({ id: added.id, title: added.title });
    expect(await searchTitles('собрание акционеров')).toContain(added.title);
    expect((await trash()).entries.some((entry) => entry.record_id === added.id && entry.resource === 'news')).toBe(false);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('resource', '=', 'news')
      .where('record_id', '=', String(added.id))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['add', 'remove', 'restore']);
    // Restored once, it is no longer in the trash.
    expect((await post(`/api/admin/trash/restore/news/${added.id}`)).json()).toEqual({ message: 'В корзине нет такой записи.' });
  });

  it('refuses a restore whose slug or identifier another item took meanwhile with a 409 and a Russian message', async () => {
    const first = await addNews('Новый продукт', 'novyy-produkt');
    await post(`/api/admin/news/remove/${first.id}`);
    const second = await addNews('Новый продукт — другой', 'novyy-produkt');
    const refused = await post(`/api/admin/trash/restore/news/${first.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Нельзя восстановить «Новый продукт»: этот адрес уже занят другой записью — «novyy-produkt».',
      errors: { slug: ['Этот адрес уже занят другой записью.'] },
    });
    expect((await trash()).entries.some((entry) => entry.record_id === first.id)).toBe(true);
    expect((await t.app.inject(`/api/news/item/novyy-produkt`)).json().data.id).toBe(second.id);

    const page = (await json('/api/admin/text-pages/add', { identifier: 'o-nas', title: 'О нас', content: '<p>Мы</p>' }, manager)).json().data;
    await post(`/api/admin/text-pages/remove/${page.id}`, manager);
    await json('/api/admin/text-pages/add', { identifier: 'o-nas', title: 'О нас (новая)', content: '<p>Снова</p>' }, manager);
    const pageRefused = await post(`/api/admin/trash/restore/text-pages/${page.id}`, manager);
    expect(pageRefused.statusCode).toBe(409);
    // The page's title was typeset on save.
    expect(pageRefused.json().message).toBe('Нельзя восстановить «О\u00a0нас»: страница с таким идентификатором уже есть — «o-nas».');
  });

  it('shows and restores only what the role may edit; only a MANAGER empties the trash', async () => {
    const page = (await json('/api/admin/text-pages/add', { identifier: 'rekvizity', title: 'Реквизиты', content: '<p>ИНН</p>' }, manager)).json().data;
    expect((await post(`/api/admin/text-pages/remove/${page.id}`, manager)).statusCode).toBe(200);
    expect((await t.app.inject('/api/text-pages/content/rekvizity')).statusCode).toBe(404);

    expect((await trash(user)).entries.map((entry) => entry.resource)).not.toContain('text-pages');
    expect((await trash(user, `?filter=${encodeURIComponent(JSON.stringify({ resource: 'text-pages' }))}`)).entries).toEqual([]);
    const managerView = await trash(manager, `?filter=${encodeURIComponent(JSON.stringify({ resource: 'text-pages' }))}`);
    expect(managerView.entries.map((entry) => entry.record_id)).toContain(page.id);

    const forbidden = await post(`/api/admin/trash/restore/text-pages/${page.id}`, user);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: FORBIDDEN_MESSAGE });
    expect((await post('/api/admin/trash/empty', user)).statusCode).toBe(403);
    for (const url of ['/api/admin/trash/restore/users/1', '/api/admin/trash/restore/nothing/1', '/api/admin/trash/restore/news/abc']) {
      expect((await post(url, manager)).statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/admin/trash?sort=["row","ASC"]', headers: user })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/admin/trash' })).statusCode).toBe(401);

    expect((await post(`/api/admin/trash/restore/text-pages/${page.id}`, manager)).statusCode).toBe(200);
    expect((await t.app.inject('/api/text-pages/content/rekvizity')).statusCode).toBe(200);
  });

  it('restores photos and fixed videos to their places in their ordered lists', async () => {
    const group = (
      await t.app.db.insertInto('photobank_groups').values({ kind: 'photo', title: 'Фото', position: 0 }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const category = (await json('/api/admin/photobank/category/add', { group_id: group, title: 'Офис' })).json().data;
    const photos = [];
    for (const title of ['Холл', 'Переговорная', 'Кухня']) {
      const response = await send('/api/admin/photobank/photo/add', { category_id: category.id, title }, [
        { field: 'image', filename: 'p.png', data: await pngImage(600, 400), type: 'image/png' },
      ]);
      photos.push(response.json().data as { id: number });
    }
    const positions = async () =>
      (await t.app.db.selectFrom('photobank_photos').select(['id', 'position']).where('category_id', '=', category.id).orderBy('position').execute()).map(
        (row) => [row.id, row.position],
      );
    const ids = photos.map((photo) => photo.id);
    await post(`/api/admin/photobank/photo/remove/${ids[1]}`);
    expect(await positions()).toEqual([
      [ids[0], 0],
      [ids[2], 1],
    ]);
    expect((await post(`/api/admin/trash/restore/photobank-photos/${ids[1]}`)).statusCode).toBe(200);
    expect(await positions()).toEqual([
      [ids[0], 0],
      [ids[1], 1],
      [ids[2], 2],
    ]);

    const videos = [];
    for (const title of ['Первое', 'Второе', 'Третье']) {
      const video = (await json('/api/admin/media-video/add', { title, video_url: 'https://rutube.ru/play/embed/1', public_at: daysAgo(1) })).json().data;
      await post(`/api/admin/media-video/fix/${video.id}`);
      videos.push(video.id as number);
    }
    const fixedOrder = async () =>
      (await t.app.db.selectFrom('media_video').select(['id', 'fixed_order']).where('fixed', '=', 1).orderBy('fixed_order').execute()).map((row) => row.id);
    await post(`/api/admin/media-video/remove/${videos[0]}`);
    expect(await fixedOrder()).toEqual(videos.slice(1));
    expect((await post(`/api/admin/trash/restore/media-video/${videos[0]}`)).json().data).toMatchObject({ id: videos[0], fixed: 1, fixed_order: 1 });
    expect(await fixedOrder()).toEqual(videos);
  });

  it('refuses to restore a photo whose category was removed meanwhile', async () => {
    const group = (
      await t.app.db.insertInto('photobank_groups').values({ kind: 'photo', title: 'Архив', position: 1 }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const category = (await json('/api/admin/photobank/category/add', { group_id: group, title: 'Склад' })).json().data;
    const photo = (
      await send('/api/admin/photobank/photo/add', { category_id: category.id, title: 'Стеллажи' }, [
        { field: 'image', filename: 'p.png', data: await pngImage(300, 200), type: 'image/png' },
      ])
    ).json().data;
    await post(`/api/admin/photobank/photo/remove/${photo.id}`);
    await post(`/api/admin/photobank/category/remove/${category.id}`);
    const refused = await post(`/api/admin/trash/restore/photobank-photos/${photo.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Нельзя восстановить «Стеллажи»: такой категории нет.');
    for (const key of keysOfImage(photo.image)) expect(await onDisk(key)).toBe(true);
  });

  it('purges with a clock: expired entries and their files go, newer ones stay, restored items keep their files, concurrent purges agree', async () => {
    const old = await addNews('Старая новость');
    const fresh = await addNews('Свежая новость');
    const back = await addNews('Вернувшаяся новость');
    for (const item of [old, fresh, back]) await post(`/api/admin/news/remove/${item.id}`);
    await t.app.db
      .updateTable('trash')
      .set({ removed_at: daysAgo(31) })
      .where('resource', '=', 'news')
      .where('record_id', 'in', [old.id, back.id])
      .execute();
    expect((await post(`/api/admin/trash/restore/news/${back.id}`)).statusCode).toBe(200);

    const purge = () =>
      purgeTrash({
        db: t.app.db,
        files: t.app.files,
        removedBefore: new Date(Date.now() - 30 * 86_400_000),
        actor: { id: null, email: '' },
        ip: 'server',
        log: t.app.log,
      });
    const counts = await Promise.all([purge(), purge(), purge()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    const left = await t.app.db.selectFrom('trash').select('record_id').where('resource', '=', 'news').execute();
    expect(left.map((row) => row.record_id)).not.toContain(old.id);
    expect(left.map((row) => row.record_id)).toContain(fresh.id);
    for (const key of keysOfImage(old.image)) expect(await onDisk(key)).toBe(false);
    for (const key of [...keysOfImage(fresh.image), ...keysOfImage(back.image)]) expect(await onDisk(key)).toBe(true);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'ip'])
      .where('resource', '=', 'news')
      .where('record_id', '=', String(old.id))
      .execute();
    expect(audit).toContainEqual({ action: 'purge', ip: 'server' });
  });

  it('a restore racing the emptying of the trash either wins with its files or loses cleanly; empty purges the rest', async () => {
    const item = await addNews('Спорная новость');
    await post(`/api/admin/news/remove/${item.id}`);
    const [restore, empty] = await Promise.all([post(`/api/admin/trash/restore/news/${item.id}`, manager), post('/api/admin/trash/empty', manager)]);
    expect(empty.statusCode).toBe(200);
    const restored = restore.statusCode === 200;
    if (!restored) expect(restore.statusCode).toBe(404);
    for (const key of keysOfImage(item.image)) expect(await onDisk(key)).toBe(restored);
    expect((await t.app.inject(`/api/news/item/${item.slug}`)).statusCode).toBe(restored ? 200 : 404);

    expect((await post('/api/admin/trash/empty', manager)).json()).toEqual({ data: { purged: 0 } });
    expect((await trash(manager)).entries).toEqual([]);
  });
});

describe.each(await testDialects())('the server purges the trash by itself on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // About a second of retention, purged every second.
    t = await createTestApp(dialect, { env: { TRASH_RETENTION_DAYS: String(1 / 86_400) }, build: { trashPurgeMs: 1000 } });
  });
  afterAll(() => t.close());

  it('deletes an expired entry and its files after the retention', async () => {
    const headers = await adminHeaders(t.app, 'USER');
    const image = { field: 'image', filename: 'a.jpg', data: await jpegImage(400, 300), type: 'image/jpeg' };
    const added = (await postForm(t.app, '/api/admin/news/add', headers, { title: 'Скоро исчезнет', public_at: daysAgo(1) }, [image])).json().data;
    await leaveLibrary(t.app, added.image.src);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/news/remove/${added.id}`, headers })).statusCode).toBe(200);
    const files = keysOfImage(added.image).map((key) => path.join(t.config.uploadsDir, key));
    expect(await exists(files[0] ?? '')).toBe(true);
    await expect.poll(async () => (await t.app.db.selectFrom('trash').select('id').execute()).length, { timeout: 10_000, interval: 100 }).toBe(0);
    // The files go once the purge has committed, a moment after its entry.
    await expect.poll(async () => (await Promise.all(files.map(exists))).filter(Boolean).length, { timeout: 5_000, interval: 100 }).toBe(0);
  });
});
