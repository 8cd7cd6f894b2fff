import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE } from '../../server/auth/guard.js';
import {
  FORM_DRAFT_BODY_LIMIT,
  FORM_DRAFT_BYTES_PER_USER,
  FORM_DRAFT_DEPTH_MESSAGE,
  FORM_DRAFT_MAX_DEPTH,
  FORM_DRAFT_PURGE_INTERVAL_MS,
  FORM_DRAFT_RETENTION_DAYS,
  FORM_DRAFTS_FULL_MESSAGE,
  FORM_DRAFTS_PER_USER,
} from '../../server/formDrafts/plugin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { adminHeaders } from './admin-helpers.js';

describe.each(await testDialects())('kept form versions on %s', (dialect) => {
  let t: TestApp;
  let user: Record<string, string>;
  let otherUser: Record<string, string>;
  let manager: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await adminHeaders(t.app, 'USER');
    otherUser = await adminHeaders(t.app, 'USER');
    manager = await adminHeaders(t.app, 'MANAGER');
  });
  afterAll(() => t.close());

  const url = (resource: string, key: string) => `/api/admin/form-drafts/${resource}/${key}`;
  const put = (path: string, payload: unknown, headers = user) => t.app.inject({ method: 'PUT', url: path, payload: payload as object, headers });
  const get = (path: string, headers = user) => t.app.inject({ url: path, headers });
  const remove = (path: string, headers = user) => t.app.inject({ method: 'DELETE', url: path, headers });

  it('keeps, reads back, replaces and removes one user’s version of a form', async () => {
    expect((await get(url('news', '7'))).json()).toEqual({ data: null });

    const kept = await put(url('news', '7'), { values: { title: 'Черновик', content: '<p>текст</p>' }, version: 3 });
    expect(kept.statusCode, kept.body).toBe(200);
    const read = (await get(url('news', '7'))).json().data;
    expect(read).toMatchObject({ resource: 'news', record_key: '7', values: { title: 'Черновик', content: '<p>текст</p>' }, version: 3 });
    expect(Date.now() - Date.parse(read.saved_at)).toBeLessThan(60_000);

    await put(url('news', '7'), { values: { title: 'Второй вариант' }, version: 3 });
    expect((await get(url('news', '7'))).json().data.values).toEqual({ title: 'Второй вариант' });

    const removed = await remove(url('news', '7'));
    expect(removed.json()).toEqual({ data: { removed: true } });
    expect((await get(url('news', '7'))).json()).toEqual({ data: null });
    expect((await remove(url('news', '7'))).json()).toEqual({ data: { removed: false } });
  });

  it('keeps a create form’s version per user and resource under `new`', async () => {
    expect((await put(url('media-video', 'new'), { values: { title: 'Новое видео' }, version: null })).statusCode).toBe(200);
    expect((await get(url('media-video', 'new'))).json().data).toMatchObject({ values: { title: 'Новое видео' }, version: null });
    expect((await get(url('media-other', 'new'))).json()).toEqual({ data: null });
  });

  it('never shows or removes another user’s version', async () => {
    await put(url('media-our', '2'), { values: { title: 'Моё' }, version: 1 });
    expect((await get(url('media-our', '2'), otherUser)).json()).toEqual({ data: null });
    expect((await remove(url('media-our', '2'), otherUser)).json()).toEqual({ data: { removed: false } });
    await put(url('media-our', '2'), { values: { title: 'Чужое' }, version: 1 }, otherUser);
    expect((await get(url('media-our', '2'))).json().data.values).toEqual({ title: 'Моё' });
    expect((await get(url('media-our', '2'), otherUser)).json().data.values).toEqual({ title: 'Чужое' });
  });

  it('refuses resources the role may not edit (403), forms that do not exist (404) and anonymous calls (401)', async () => {
    for (const response of [await get(url('users', '1')), await put(url('menus', 'new'), { values: {}, version: null }), await remove(url('users', '1'))]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: FORBIDDEN_MESSAGE });
    }
    expect((await put(url('users', 'new'), { values: { name: 'Иван' }, version: null }, manager)).statusCode).toBe(200);
    expect((await get(url('audit-log', '1'), manager)).statusCode).toBe(404);
    expect((await get(url('nothing', '1'))).statusCode).toBe(404);
    expect((await get(url('news', 'x1'))).statusCode).toBe(404);
    expect((await t.app.inject({ url: url('news', '1') })).statusCode).toBe(401);
  });

  it('answers bad input with 400 and the fields at fault', async () => {
    const cases: unknown[] = [
      { version: 1 },
      { values: 'текст', version: 1 },
      { values: [1, 2], version: null },
      { values: {}, version: 0 },
      { values: {}, version: 'один' },
    ];
    for (const payload of cases) {
      const response = await put(url('news', '3'), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Проверьте поля формы.', errors: expect.any(Object) });
    }
    const notJson = await t.app.inject({
      method: 'PUT',
      url: url('news', '3'),
      payload: '{"values":',
      headers: { ...user, 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('takes the longest rich text, and refuses a larger body with 413 and a Russian message', async () => {
    const longest = 'ж'.repeat(2_000_000);
    expect((await put(url('news', '4'), { values: { content: `<p>${longest}</p>`, title: 'Длинная' }, version: 1 })).statusCode).toBe(200);
    const tooLarge = await put(url('news', '4'), { values: { content: 'x'.repeat(FORM_DRAFT_BODY_LIMIT) }, version: 1 });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('Слишком большой запрос или файл.');
    expect((await get(url('news', '4'))).json().data.values.title).toBe('Длинная');
  });

  it('purges versions older than the retention period through the periodic job runner', async () => {
    await put(url('media-other', '9'), { values: { title: 'Старое' }, version: 2 });
    await put(url('media-other', '10'), { values: { title: 'Свежее' }, version: 2 });
    await t.app.db
      .updateTable('form_drafts')
      .set({ saved_at: daysAgo(FORM_DRAFT_RETENTION_DAYS + 1) })
      .where('record_key', '=', '9')
      .execute();
    expect(await t.app.jobs.runIfDue('form-drafts-purge', Date.now() + FORM_DRAFT_PURGE_INTERVAL_MS)).toBe(true);
    expect((await get(url('media-other', '9'))).json()).toEqual({ data: null });
    expect((await get(url('media-other', '10'))).json().data.values).toEqual({ title: 'Свежее' });
  });

  it('refuses values nested 5,000 deep with 400 and a Russian message (it was a 500), and takes a form as deep as the bound', async () => {
    const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    const put = (values: string) =>
      t.app.inject({
        method: 'PUT',
        url: url('news', '11'),
        payload: `{"values":${values},"version":null}`,
        headers: { ...user, 'content-type': 'application/json' },
      });
    const deep = await put(nested(5000));
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ message: 'Проверьте поля формы.', errors: { values: [FORM_DRAFT_DEPTH_MESSAGE] } });
    expect((await put(nested(FORM_DRAFT_MAX_DEPTH - 1))).statusCode).toBe(200);
    expect((await put(nested(FORM_DRAFT_MAX_DEPTH + 1))).statusCode).toBe(400);
  });

  it(`keeps at most ${FORM_DRAFTS_PER_USER} versions and ${FORM_DRAFT_BYTES_PER_USER / 1024 / 1024} MB per user: past either, 413 and a Russian message`, async () => {
    const [writer, other] = [await adminHeaders(t.app, 'USER'), await adminHeaders(t.app, 'USER')];
    // Versions of one resource's records, in parallel as an autosaving client might send them.
    const keep = (key: number, values: Record<string, unknown>, headers = writer) => put(url('news', String(key)), { values, version: 1 }, headers);
    const answers = await Promise.all(Array.from({ length: FORM_DRAFTS_PER_USER + 5 }, (_, at) => keep(at + 1, { title: `Черновик-предел ${at}` })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(FORM_DRAFTS_PER_USER);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.map((answer) => [answer.statusCode, answer.json().message])).toEqual(Array(5).fill([413, FORM_DRAFTS_FULL_MESSAGE]));
    const stored = await t.app.db
      .selectFrom('form_drafts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('form_values', 'like', '%Черновик-предел%')
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(FORM_DRAFTS_PER_USER);
    // Replacing a kept version is not one more; another user has bounds of their own.
    expect((await keep(1, { title: 'Заменён' })).statusCode).toBe(200);
    expect((await keep(1, { title: 'Чужой' }, other)).statusCode).toBe(200);

    const big = { content: `<p>${'ж'.repeat(1_900_000)}</p>` };
    const bigAnswers = [];
    for (let key = 1; key <= 6; key++) bigAnswers.push((await keep(key, big, other)).statusCode);
    // 3.8 MB each in UTF-8: five fit in 20 MB, the sixth does not.
    expect(bigAnswers).toEqual([200, 200, 200, 200, 200, 413]);
  }, 60_000);
});
