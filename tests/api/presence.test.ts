import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresenceEditor, RecordPresence } from '../../lib/presence.js';
import { FORBIDDEN_MESSAGE } from '../../server/auth/guard.js';
import { BAD_RECORD_ID_MESSAGE, UNKNOWN_SECTION_MESSAGE } from '../../server/presence/plugin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { insertArticle } from '../helpers/fixtures.js';

const EXPIRY_MS = 30_000;

describe.each(await testDialects())('who else is editing a record, on %s', (dialect) => {
  let t: TestApp;
  /** The presence plugin's clock: tests move it on instead of waiting for entries to expire. */
  let now = Date.parse('2026-03-02T11:05:00.000Z');
  type Staff = Awaited<ReturnType<typeof userWithToken>>;
  let maria: Staff;
  let ivan: Staff;
  let manager: Staff;

  beforeAll(async () => {
    t = await createTestApp(dialect, { build: { presence: { expiryMs: EXPIRY_MS, now: () => now } } });
    maria = await userWithToken(t.app, 'USER');
    ivan = await userWithToken(t.app, 'USER');
    manager = await userWithToken(t.app, 'MANAGER');
    await t.app.db.updateTable('users').set({ name: 'Мария' }).where('id', '=', maria.user.id).execute();
    // An account without a name is shown by its e-mail.
    await t.app.db.updateTable('users').set({ name: '' }).where('id', '=', ivan.user.id).execute();
  });
  afterAll(() => t.close());

  const announce = (who: Staff, url: string, tab: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/admin/presence/${url}`, headers: who.headers, payload: { tab } });
  const others = async (who: Staff, url: string, tab: string) => {
    const response = await announce(who, url, tab);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as PresenceEditor[]).map((editor) => editor.name);
  };
  const leave = (who: Staff, url: string, tab: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/presence/${url}?tab=${tab}`, headers: who.headers });
  const listed = async (who: Staff, resource: string) => {
    const response = await t.app.inject({ url: `/api/admin/presence/${resource}`, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as RecordPresence[];
  };

  it('shows two staff members on one record each other, by name or else e-mail, never themselves', async () => {
    const id = await insertArticle(t.app.db, 'news');
    expect(await others(maria, `news/${id}`, 'maria-tab-1')).toEqual([]);
    now += 1000;
    expect(await others(ivan, `news/${id}`, 'ivan-tab-1')).toEqual(['Мария']);
    const [seen] = (await announce(ivan, `news/${id}`, 'ivan-tab-1')).json().data as PresenceEditor[];
    expect(seen).toEqual({ user_id: maria.user.id, name: 'Мария', since: '2026-03-02T11:05:00.000Z' });
    expect(await others(maria, `news/${id}`, 'maria-tab-1')).toEqual([ivan.user.email]);
    // Maria's second tab on the same record is not someone else, and she is still listed once for Ivan.
    expect(await others(maria, `news/${id}`, 'maria-tab-2')).toEqual([ivan.user.email]);
    expect(await others(ivan, `news/${id}`, 'ivan-tab-1')).toEqual(['Мария']);
    // Another record is nobody's.
    const other = await insertArticle(t.app.db, 'news');
    expect(await others(ivan, `news/${other}`, 'ivan-tab-1')).toEqual([]);
    await leave(ivan, `news/${other}`, 'ivan-tab-1');
    await leave(maria, `news/${id}`, 'maria-tab-1');
    await leave(maria, `news/${id}`, 'maria-tab-2');
    await leave(ivan, `news/${id}`, 'ivan-tab-1');
  });

  it('lists the records of a resource others have open, with who and since when, in one answer', async () => {
    const first = await insertArticle(t.app.db, 'news');
    const second = await insertArticle(t.app.db, 'news');
    await others(maria, `news/${first}`, 'maria-list-1');
    await others(ivan, `news/${second}`, 'ivan-list-1');
    await others(manager, `media-our/${await insertArticle(t.app.db, 'media_our')}`, 'manager-list');
    const since = new Date(now).toISOString();
    expect(await listed(manager, 'news')).toEqual([
      { id: first, editors: [{ user_id: maria.user.id, name: 'Мария', since }] },
      { id: second, editors: [{ user_id: ivan.user.id, name: ivan.user.email, since }] },
    ]);
    // One's own screens are not listed.
    expect((await listed(maria, 'news')).map((record) => record.id)).toEqual([second]);
    await leave(maria, `news/${first}`, 'maria-list-1');
    await leave(ivan, `news/${second}`, 'ivan-list-1');
  });

  it('forgets a screen not heard from for the expiry, and the periodic job deletes its row', async () => {
    const id = await insertArticle(t.app.db, 'news');
    await others(maria, `news/${id}`, 'maria-expiry');
    now += EXPIRY_MS - 1000;
    expect(await others(ivan, `news/${id}`, 'ivan-expiry')).toEqual(['Мария']);
    now += 2000;
    expect(await others(ivan, `news/${id}`, 'ivan-expiry')).toEqual([]);
    expect((await listed(ivan, 'news')).map((record) => record.id)).not.toContain(id);
    // A heartbeat brings the screen back, open since then.
    expect(await others(maria, `news/${id}`, 'maria-expiry')).toEqual([ivan.user.email]);

    now += EXPIRY_MS + 1000;
    expect(await t.app.jobs.runIfDue('presence-prune', Date.now() + 10 * 60_000)).toBe(true);
    expect(await t.app.db.selectFrom('presence').select('tab').where('record_id', '=', id).execute()).toEqual([]);
  });

  it('releases a screen at once when it is left, the person’s other tab staying', async () => {
    const id = await insertArticle(t.app.db, 'news');
    await others(maria, `news/${id}`, 'maria-leave-1');
    await others(maria, `news/${id}`, 'maria-leave-2');
    const left = await leave(maria, `news/${id}`, 'maria-leave-1');
    expect(left.statusCode, left.body).toBe(204);
    expect(await others(ivan, `news/${id}`, 'ivan-leave')).toEqual(['Мария']);
    await leave(maria, `news/${id}`, 'maria-leave-2');
    expect(await others(ivan, `news/${id}`, 'ivan-leave')).toEqual([]);
  });

  it('follows the resource’s role: a USER may neither announce, leave nor list MANAGER-only records', async () => {
    const page = await t.app.db
      .insertInto('text_pages')
      .values({
        identifier: 'presence-page',
        title: 'Страница',
        content: '<p>Текст</p>',
        section: null,
        seo_title: '',
        seo_description: '',
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const response of [
      await announce(maria, `text-pages/${page.id}`, 'maria-refused'),
      await leave(maria, `text-pages/${page.id}`, 'maria-refused'),
      await t.app.inject({ url: '/api/admin/presence/text-pages', headers: maria.headers }),
      await t.app.inject({ url: '/api/admin/presence/users', headers: maria.headers }),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({ message: FORBIDDEN_MESSAGE });
    }
    expect(await others(manager, `text-pages/${page.id}`, 'manager-page')).toEqual([]);
    expect((await listed(manager, 'text-pages')).length).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/presence/news/1`, payload: { tab: 'anonymous' } })).statusCode).toBe(401);
  });

  it('refuses bad input with a Russian 4xx: unknown section, bad id, bad tab, unknown record', async () => {
    const id = await insertArticle(t.app.db, 'news');
    for (const resource of ['nonexistent', 'audit-log', 'photobank-groups']) {
      const response = await announce(manager, `${resource}/1`, 'manager-tab');
      expect(response.statusCode, resource).toBe(404);
      expect(response.json()).toEqual({ message: UNKNOWN_SECTION_MESSAGE });
      expect((await t.app.inject({ url: `/api/admin/presence/${resource}`, headers: manager.headers })).statusCode).toBe(404);
    }
    for (const badId of ['0', '-1', '01', 'abc', '2147483648', '99999999999999999999', '1.5']) {
      const response = await announce(maria, `news/${badId}`, 'maria-tab');
      expect(response.statusCode, badId).toBe(400);
      expect(response.json()).toEqual({ message: BAD_RECORD_ID_MESSAGE, errors: { id: ['Ожидается целое число от 1 до 2147483647.'] } });
      expect((await leave(maria, `news/${badId}`, 'maria-tab')).statusCode, badId).toBe(400);
    }
    for (const tab of [undefined, '', 'short', 'x'.repeat(65), 'с-кириллицей', 'nul\u0000character', 42]) {
      const response = await announce(maria, `news/${id}`, tab);
      expect(response.statusCode, String(tab)).toBe(400);
      expect(response.json().message).toBe('Проверьте поля формы.');
      expect(response.json().errors.tab).toHaveLength(1);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/presence/news/${id}`, headers: maria.headers })).statusCode).toBe(400);
    const unknown = await announce(maria, 'news/2147483647', 'maria-tab');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Запись не найдена.' });
  });
});
