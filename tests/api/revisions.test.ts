import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { ensureSiteBuilt } from '../site/server.js';
import { adminHeaders, jpegImage, keysOfImage, libraryHolding, pngImage, postForm, type FilePart } from './admin-helpers.js';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

interface RevisionSummary {
  id: number;
  created_at: string;
  user_id: number | null;
  user_email: string;
  changed: string[];
}

/**
 * Revisions through the API on every dialect: each save keeps the version it replaced, the history lists them,
 * restore is an ordinary audited save that the public page shows at once, and the history keeps REVISIONS_KEEP.
 */
describe.each(await testDialects())('revisions on %s', (dialect) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof userWithToken>>;

  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect);
    user = await userWithToken(t.app, 'USER');
  }, 240_000);
  afterAll(() => t?.close());

  const send = (url: string, fields: Record<string, string | number> = {}, files: FilePart[] = [], headers: Record<string, string> = user.headers) =>
    postForm(t.app, url, headers, fields, files);
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = user.headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const revisionsOf = async (resource: string, id: number): Promise<RevisionSummary[]> => {
    const response = await call('GET', `/api/admin/${resource}/${id}/revisions`);
    expect(response.statusCode).toBe(200);
    return response.json().data.items;
  };
  const addNews = async (fields: Record<string, string>, files: FilePart[] = []) => {
    const response = await send('/api/admin/news/add', { public_at: daysAgo(1), ...fields }, files);
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: number; slug: string; image: { src: string; variants: { src: string }[] } | null };
  };

  it('edits a news item twice, lists both versions newest first, restores the first: the public page shows it at once', async () => {
    const news = await addNews({ title: 'Завод запущен', lead: 'Анонс', content: '<p>Первый текст новости</p>' });
    expect(await revisionsOf('news', news.id)).toEqual([]);
    const page = `/news/${news.slug}`;
    // Rendered twice: the second answer comes from the page cache, which the restore must invalidate.
    expect((await t.app.inject(page)).body).toContain('Первый текст новости');

    expect((await send(`/api/admin/news/update/${news.id}`, { content: '<p>Второй текст новости</p>' })).statusCode).toBe(200);
    const third = await send(`/api/admin/news/update/${news.id}`, { title: 'Завод запущен досрочно', content: '<p>Третий текст новости</p>' });
    expect(third.statusCode).toBe(200);
    // A save that changes nothing keeps no version.
    expect((await send(`/api/admin/news/update/${news.id}`, { title: 'Завод запущен досрочно' })).statusCode).toBe(200);

    const history = await revisionsOf('news', news.id);
    expect(history).toHaveLength(2);
    expect(history.map((entry) => entry.changed)).toEqual([['title', 'content'], ['content']]);
    expect(history[0]!.id).toBeGreaterThan(history[1]!.id);
    for (const entry of history) {
      expect(entry).toMatchObject({ user_id: user.user.id, user_email: user.user.email });
      expect(Date.parse(entry.created_at)).toBeGreaterThan(Date.now() - 60_000);
    }
    const first = history[1]!;
    const version = await call('GET', `/api/admin/news/${news.id}/revisions/${first.id}`);
    expect(version.statusCode).toBe(200);
    expect(version.json().data).toMatchObject({
      id: first.id,
      changed: ['content'],
      values: { title: 'Завод запущен', slug: news.slug, lead: 'Анонс', content: '<p>Первый текст новости</p>', published: 1 },
    });

    await t.app.inject(page);
    expect((await t.app.inject(page)).body).toContain('Третий текст новости');

    const restored = await call('POST', `/api/admin/news/restore-revision/${news.id}/${first.id}`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ id: news.id, title: 'Завод запущен', content: '<p>Первый текст новости</p>' });

    const after = await t.app.inject(page);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Первый текст новости');
    expect(after.body).not.toContain('Третий текст новости');
    expect((await t.app.inject(`/api/news/item/${news.slug}`)).json().data.content).toBe('<p>Первый текст новости</p>');

    // The restore is a save: it kept the version it replaced, it is audited, and the search index follows it.
    const now = await revisionsOf('news', news.id);
    expect(now).toHaveLength(3);
    expect(now[0]!.changed).toEqual(['title', 'content']);
    expect((await call('GET', `/api/admin/news/${news.id}/revisions/${now[0]!.id}`)).json().data.values.content).toBe('<p>Третий текст новости</p>');
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('resource', '=', 'news')
      .where('record_id', '=', String(news.id))
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['add', 'update', 'update', 'update', 'restore-revision']);
    const indexed = await t.app.db
      .selectFrom('search_index')
      .selectAll()
      .where('resource', '=', 'news')
      .where('record_id', '=', news.id)
      .executeTakeFirstOrThrow();
    expect(indexed.title).toBe('Завод запущен');
    expect(indexed.body).toContain('Первый текст новости');
  });

  it('restores text, dates and flags but keeps the current image: a replaced image stays in the media library, unused', async () => {
    const news = await addNews({ title: 'С картинкой', content: '<p>Было</p>' }, [
      { field: 'image', filename: 'a.png', data: await pngImage(), type: 'image/png' },
    ]);
    const replaced = await send(`/api/admin/news/update/${news.id}`, { content: '<p>Стало</p>', published: '0' }, [
      { field: 'image', filename: 'b.jpg', data: await jpegImage(800, 600), type: 'image/jpeg' },
    ]);
    expect(replaced.statusCode).toBe(200);
    const current = replaced.json().data;
    const [revision] = await revisionsOf('news', news.id);
    expect(revision!.changed).toEqual(['published', 'image', 'content']);
    const values = (await call('GET', `/api/admin/news/${news.id}/revisions/${revision!.id}`)).json().data.values;
    expect(values).not.toHaveProperty('image');

    const restored = (await call('POST', `/api/admin/news/restore-revision/${news.id}/${revision!.id}`)).json().data;
    expect(restored).toMatchObject({ content: '<p>Было</p>', published: 1 });
    expect(restored.image).toEqual(current.image);
    for (const key of keysOfImage(current.image)) expect(await exists(path.join(t.config.uploadsDir, key))).toBe(true);
    expect((await libraryHolding(t.app, news.image?.src ?? ''))?.usedBy).not.toContain(`news/${news.id}`);
    expect((await libraryHolding(t.app, current.image.src))?.usedBy).toContain(`news/${news.id}`);
  });

  it('press items, videos and text pages keep versions too; text pages are restored at their public address', async () => {
    const manager = await adminHeaders(t.app, 'MANAGER');
    const press = (
      await call('POST', '/api/admin/media-other/add', user.headers, { title: 'Пресса', url: 'https://example.org/a', public_at: daysAgo(1) })
    ).json().data;
    await call('POST', `/api/admin/media-other/update/${press.id}`, user.headers, { title: 'Пресса, правка' });
    expect((await revisionsOf('media-other', press.id)).map((entry) => entry.changed)).toEqual([['title']]);

    const video = (
      await call('POST', '/api/admin/media-video/add', user.headers, {
        title: 'Видео',
        video_url: 'https://www.youtube.com/watch?v=abc',
        public_at: daysAgo(1),
      })
    ).json().data;
    await call('POST', `/api/admin/media-video/update/${video.id}`, user.headers, { lead: 'Описание' });
    expect((await revisionsOf('media-video', video.id)).map((entry) => entry.changed)).toEqual([['lead']]);

    const added = await call('POST', '/api/admin/text-pages/add', manager, { identifier: 'o-kompanii', title: 'О компании', content: '<p>Старый текст</p>' });
    const textPage = added.json().data;
    await call('POST', '/api/admin/text-pages/update', manager, { identifier: 'o-kompanii', content: '<p>Новый текст</p>' });
    expect((await t.app.inject('/o-kompanii')).body).toContain('Новый текст');
    const history = (await call('GET', `/api/admin/text-pages/${textPage.id}/revisions`, manager)).json().data.items as RevisionSummary[];
    expect(history.map((entry) => entry.changed)).toEqual([['content']]);
    const restored = await call('POST', `/api/admin/text-pages/restore-revision/${textPage.id}/${history[0]!.id}`, manager);
    expect(restored.statusCode).toBe(200);
    const publicPage = await t.app.inject('/o-kompanii');
    expect(publicPage.body).toContain('Старый текст');
    expect(publicPage.body).not.toContain('Новый текст');

    // A resource that does not declare revisions has no history.
    const source = (await send('/api/admin/media-source/add', { name: 'Источник' }, [], manager)).json().data;
    expect((await call('GET', `/api/admin/media-source/${source.id}/revisions`, manager)).statusCode).toBe(404);
  });

  it('lists the history in pages of 20 summaries, newest first, without the kept values; a bad page is a 404', async () => {
    const news = await addNews({ title: 'Новость с долгой историей', content: `<p>${'Длинный текст. '.repeat(2000)}</p>` });
    const kept = Array.from({ length: 25 }, (_, n) => ({
      resource: 'news',
      record_id: news.id,
      field_values: JSON.stringify({ title: `Версия ${n}`, content: `<p>${'Длинный текст. '.repeat(2000)}</p>` }),
      changed: JSON.stringify(['title']),
      user_id: user.user.id,
      user_email: user.user.email,
      created_at: new Date(Date.now() - (25 - n) * 1000).toISOString(),
    }));
    await t.app.db.insertInto('revisions').values(kept).execute();
    const pageOf = async (query: string) => call('GET', `/api/admin/news/${news.id}/revisions${query}`);

    const first = (await pageOf('')).json().data;
    expect(first).toMatchObject({ page: 1, perPage: 20, pageCount: 2, total: 25 });
    expect(first.items).toHaveLength(20);
    expect(Object.keys(first.items[0]).sort()).toEqual(['changed', 'created_at', 'id', 'user_email', 'user_id']);
    const second = (await pageOf('?page=2')).json().data;
    expect(second.items).toHaveLength(5);
    const ids = [...first.items, ...second.items].map((entry: RevisionSummary) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await pageOf('?page=3')).json().data.items).toEqual([]);
    for (const bad of ['?page=0', '?page=x']) expect((await pageOf(bad)).statusCode).toBe(404);
    const oldest = await call('GET', `/api/admin/news/${news.id}/revisions/${ids.at(-1)}`);
    expect(oldest.json().data.values.title).toBe('Версия 0');
  });

  it('answers 404 in Russian for an unknown record or version, or a version of another record, and changes nothing', async () => {
    const one = await addNews({ title: 'Первая запись', content: '<p>А</p>' });
    const other = await addNews({ title: 'Вторая запись', content: '<p>Б</p>' });
    await send(`/api/admin/news/update/${other.id}`, { content: '<p>Б2</p>' });
    const [otherRevision] = await revisionsOf('news', other.id);

    const unknownRecord = await call('GET', `/api/admin/news/999999/revisions`);
    expect(unknownRecord.statusCode).toBe(404);
    expect(unknownRecord.json().message).toBe('Запись не найдена.');
    expect((await call('GET', `/api/admin/news/abc/revisions`)).statusCode).toBe(404);
    for (const url of [`/api/admin/news/${one.id}/revisions/${otherRevision!.id}`, `/api/admin/news/${one.id}/revisions/999999`]) {
      const response = await call('GET', url);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Версия не найдена.');
    }
    const wrongRecord = await call('POST', `/api/admin/news/restore-revision/${one.id}/${otherRevision!.id}`);
    expect(wrongRecord.statusCode).toBe(404);
    expect(wrongRecord.json().message).toBe('Версия не найдена.');
    // The same version asked for under another resource is no version of that resource's record.
    expect((await call('POST', `/api/admin/media-our/restore-revision/${other.id}/${otherRevision!.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/news/restore-revision/999999/${otherRevision!.id}`)).json().message).toBe('Запись не найдена.');
    expect((await call('POST', `/api/admin/news/restore-revision/${one.id}/x`)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/news/${one.id}`)).json().data.content).toBe('<p>А</p>');
    expect(await revisionsOf('news', one.id)).toEqual([]);
  });

  it('a restore whose slug another record took meanwhile is a 409 on the slug, and nothing changes', async () => {
    const news = await addNews({ title: 'Старый адрес', content: '<p>Текст</p>' });
    await send(`/api/admin/news/update/${news.id}`, { slug: 'novyy-adres' });
    await addNews({ title: 'Другая', slug: news.slug });
    const [revision] = await revisionsOf('news', news.id);
    const response = await call('POST', `/api/admin/news/restore-revision/${news.id}/${revision!.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Проверьте поля формы.', errors: { slug: ['Этот адрес уже занят другой записью.'] } });
    expect((await call('GET', `/api/admin/news/${news.id}`)).json().data.slug).toBe('novyy-adres');
    expect(await revisionsOf('news', news.id)).toHaveLength(1);
  });

  it("follows the resource's role: USER reads and restores news, not text pages; no token is 401", async () => {
    const news = await addNews({ title: 'Роли', content: '<p>1</p>' });
    await send(`/api/admin/news/update/${news.id}`, { content: '<p>2</p>' });
    const [revision] = await revisionsOf('news', news.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/news/${news.id}/revisions` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/news/restore-revision/${news.id}/${revision!.id}` })).statusCode).toBe(401);
    const page = (
      await call('POST', '/api/admin/text-pages/add', await adminHeaders(t.app, 'MANAGER'), { identifier: 'roli', title: 'Роли', content: '<p>x</p>' })
    ).json().data;
    expect((await call('GET', `/api/admin/text-pages/${page.id}/revisions`)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/text-pages/restore-revision/${page.id}/1`)).statusCode).toBe(403);
  });

  it('keeps the history of a record in the trash, brings it back with the record and drops it when the trash is emptied', async () => {
    const news = await addNews({ title: 'Уйдёт', content: '<p>1</p>' });
    await send(`/api/admin/news/update/${news.id}`, { content: '<p>2</p>' });
    expect(await revisionsOf('news', news.id)).toHaveLength(1);
    expect((await call('POST', `/api/admin/news/remove/${news.id}`)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/trash/restore/news/${news.id}`)).statusCode).toBe(200);
    expect(await revisionsOf('news', news.id)).toHaveLength(1);
    expect((await call('POST', `/api/admin/news/remove/${news.id}`)).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/trash/empty', await adminHeaders(t.app, 'MANAGER'))).statusCode).toBe(200);
    const left = await t.app.db.selectFrom('revisions').select('id').where('resource', '=', 'news').where('record_id', '=', news.id).execute();
    expect(left).toEqual([]);
  });
});

describe.each(await testDialects())('revision retention on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { REVISIONS_KEEP: '3' } });
    headers = await adminHeaders(t.app, 'USER');
  });
  afterAll(() => t?.close());

  it('keeps only the newest REVISIONS_KEEP versions of each item', async () => {
    const news = (await postForm(t.app, '/api/admin/news/add', headers, { title: 'Версия 0', public_at: daysAgo(1) })).json().data;
    for (let n = 1; n <= 5; n++) {
      const response = await postForm(t.app, `/api/admin/news/update/${news.id}`, headers, { title: `Версия ${n}` });
      expect(response.statusCode).toBe(200);
    }
    const history = (await t.app.inject({ method: 'GET', url: `/api/admin/news/${news.id}/revisions`, headers })).json().data.items as RevisionSummary[];
    expect(history).toHaveLength(3);
    const titles = [];
    for (const entry of history) {
      titles.push((await t.app.inject({ method: 'GET', url: `/api/admin/news/${news.id}/revisions/${entry.id}`, headers })).json().data.values.title);
    }
    // Titles are typeset on save: a short last number keeps to the word before it.
    expect(titles).toEqual(['Версия\u00a04', 'Версия\u00a03', 'Версия\u00a02']);
    const stored = await t.app.db.selectFrom('revisions').select('id').where('record_id', '=', news.id).execute();
    expect(stored).toHaveLength(3);
  });
});
