import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_VERSION_MESSAGE } from '../../lib/versions.js';
import { BAD_IF_MATCH_MESSAGE } from '../../server/records/versions.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { postForm } from './admin-helpers.js';

interface Versioned {
  id: number;
  version: number;
  [field: string]: unknown;
}

/**
 * No lost update: every admin read answers the record's version (in the body and as `ETag`), and every kind of
 * write refuses (409, nothing changed) an `If-Match` that names an older version: the specification's POST verbs,
 * plain REST, custom verbs, removal, revision restore and the users' REST. Writes without `If-Match` still work.
 */
describe.each(await testDialects())('record versions and If-Match on %s', (dialect) => {
  let t: TestApp;
  let manager: Awaited<ReturnType<typeof userWithToken>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await userWithToken(t.app, 'MANAGER');
  });
  afterAll(() => t?.close());

  const ifMatch = (version: number | string) => ({ ...manager.headers, 'if-match': typeof version === 'number' ? `"${version}"` : version });
  const read = async (resource: string, id: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/${resource}/${id}`, headers: manager.headers });
    expect(response.statusCode).toBe(200);
    const record = response.json().data as Versioned;
    expect(response.headers.etag).toBe(`"${record.version}"`);
    return record;
  };
  const addNews = async (title: string) => {
    const response = await postForm(t.app, '/api/admin/news/add', manager.headers, { title, lead: 'Анонс', content: '<p>Текст</p>', public_at: daysAgo(1) });
    expect(response.statusCode).toBe(200);
    return response.json().data as Versioned;
  };
  const expectStale = (response: { statusCode: number; json: () => { message: string } }) => {
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(STALE_VERSION_MESSAGE);
  };

  it('a read answers version 1 for a new record; each save moves it on; a save based on the current version passes', async () => {
    const news = await addNews('Первая версия');
    expect(news.version).toBe(1);
    expect((await read('news', news.id)).version).toBe(1);
    const saved = await postForm(t.app, `/api/admin/news/update/${news.id}`, ifMatch(1), { title: 'Вторая версия' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.version).toBe(2);
    expect((await read('news', news.id)).version).toBe(2);
    // Without If-Match, as the specification's clients send, the write is not checked.
    const unchecked = await postForm(t.app, `/api/admin/news/update/${news.id}`, manager.headers, { title: 'Третья версия' });
    expect(unchecked.statusCode).toBe(200);
    expect(unchecked.json().data.version).toBe(3);
  });

  it('a stale If-Match is 409 and changes nothing: update verb, custom verb, removal', async () => {
    const news = await addNews('Исходный заголовок');
    expect((await postForm(t.app, `/api/admin/news/update/${news.id}`, manager.headers, { lead: 'Изменено другим' })).statusCode).toBe(200);
    const stale = await postForm(t.app, `/api/admin/news/update/${news.id}`, ifMatch(1), { title: 'Моя правка' });
    expectStale(stale);
    // The answer names who saved meanwhile and when, for the admin's conflict view.
    expect(stale.json().saved).toEqual({ by: `${manager.user.name} (${manager.user.email})`, at: expect.any(String) });
    expectStale(await t.app.inject({ method: 'POST', url: `/api/admin/news/remove-img/${news.id}`, headers: ifMatch(1) }));
    expectStale(await t.app.inject({ method: 'POST', url: `/api/admin/news/remove/${news.id}`, headers: ifMatch(1) }));
    const after = await read('news', news.id);
    expect(after).toMatchObject({ title: 'Исходный заголовок', lead: 'Изменено другим', version: 2 });

    const video = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media-video/add',
      headers: manager.headers,
      payload: { title: 'Видео', video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', public_at: daysAgo(1) },
    });
    expect(video.statusCode).toBe(200);
    const id = (video.json().data as Versioned).id;
    const fixed = await t.app.inject({ method: 'POST', url: `/api/admin/media-video/fix/${id}`, headers: ifMatch(1) });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().data).toMatchObject({ fixed: 1, version: 2 });
    expectStale(await t.app.inject({ method: 'POST', url: `/api/admin/media-video/unfix/${id}`, headers: ifMatch(1) }));
    expect(await read('media-video', id)).toMatchObject({ fixed: 1, version: 2 });
  });

  it('a stale If-Match is 409 on plain REST (PUT, DELETE) and on the users', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/network-collections',
      headers: manager.headers,
      payload: { title: 'VK', url: 'https://vk.com/x' },
    });
    expect(created.statusCode).toBe(200);
    const id = (created.json().data as Versioned).id;
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/admin/network-collections/${id}`, headers: ifMatch(1), payload: { title: 'ВКонтакте' } })).statusCode,
    ).toBe(200);
    expectStale(await t.app.inject({ method: 'PUT', url: `/api/admin/network-collections/${id}`, headers: ifMatch(1), payload: { title: 'VK снова' } }));
    expectStale(await t.app.inject({ method: 'DELETE', url: `/api/admin/network-collections/${id}`, headers: ifMatch(1) }));
    expect(await read('network-collections', id)).toMatchObject({ title: 'ВКонтакте', version: 2 });

    const editor = await userWithToken(t.app, 'USER');
    const user = await read('users', editor.user.id);
    expect(user.version).toBe(1);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/admin/users/${editor.user.id}`, headers: ifMatch(1), payload: { name: 'Редактор' } })).json().data
        .version,
    ).toBe(2);
    expectStale(await t.app.inject({ method: 'PUT', url: `/api/admin/users/${editor.user.id}`, headers: ifMatch(1), payload: { name: 'Другое имя' } }));
    expectStale(await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${editor.user.id}`, headers: ifMatch(1) }));
    expect(await read('users', editor.user.id)).toMatchObject({ name: 'Редактор', version: 2 });
  });

  it('a stale If-Match is 409 on a revision restore', async () => {
    const news = await addNews('Версия для истории');
    expect((await postForm(t.app, `/api/admin/news/update/${news.id}`, manager.headers, { title: 'Новая' })).statusCode).toBe(200);
    const revisions = (await t.app.inject({ method: 'GET', url: `/api/admin/news/${news.id}/revisions`, headers: manager.headers })).json().data.items as {
      id: number;
    }[];
    const revision = revisions[0]?.id;
    expect(revision).toBeDefined();
    expectStale(await t.app.inject({ method: 'POST', url: `/api/admin/news/restore-revision/${news.id}/${revision}`, headers: ifMatch(1) }));
    expect((await read('news', news.id)).title).toBe('Новая');
    const restored = await t.app.inject({ method: 'POST', url: `/api/admin/news/restore-revision/${news.id}/${revision}`, headers: ifMatch(2) });
    expect(restored.statusCode).toBe(200);
    // The version kept is the typeset title the first save stored.
    expect(restored.json().data).toMatchObject({ title: 'Версия для\u00a0истории', version: 3 });
  });

  it('two concurrent saves based on the same version: exactly one wins, the other is 409', async () => {
    for (let round = 0; round < 5; round++) {
      const news = await addNews(`Гонка ${round}`);
      const [first, second] = await Promise.all([
        postForm(t.app, `/api/admin/news/update/${news.id}`, ifMatch(1), { title: 'Правка первого' }),
        postForm(t.app, `/api/admin/news/update/${news.id}`, ifMatch(1), { lead: 'Правка второго' }),
      ]);
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const after = await read('news', news.id);
      expect(after.version).toBe(2);
      expect(after.title === 'Правка первого' ? after.lead : after.title).toBe(after.title === 'Правка первого' ? 'Анонс' : news.title);
    }
  });

  it('a save that deliberately replaces a newer version («Оставить мою») is audited as an overwrite', async () => {
    const news = await addNews('До перезаписи');
    const headers = { ...ifMatch(1), 'x-conflict-resolution': 'overwrite' };
    expect((await postForm(t.app, `/api/admin/news/update/${news.id}`, headers, { title: 'Моя версия' })).statusCode).toBe(200);
    const entries = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('resource', '=', 'news')
      .where('record_id', '=', String(news.id))
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => entry.action)).toEqual(['add', 'overwrite']);
  });

  it('a malformed If-Match is a 400 that names the expected form; `*` matches any version', async () => {
    const news = await addNews('Заголовок');
    const bad = await postForm(t.app, `/api/admin/news/update/${news.id}`, ifMatch('version 1'), { title: 'Х' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: BAD_IF_MATCH_MESSAGE });
    expect((await postForm(t.app, `/api/admin/news/update/${news.id}`, ifMatch('*'), { title: 'Любая версия' })).statusCode).toBe(200);
  });
});
