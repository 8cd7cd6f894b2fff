import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PRESENCE_EXPIRY_MS, PRESENCE_HEARTBEAT_MS } from '../../lib/presence.js';
import { userWithToken } from '../helpers/auth.js';
import { logIn, newAdminPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/** Two staff members open the same news item in Debian's Chromium against the built server: each is told of the other. */

const admin = setUpChromiumAdmin();

/**
 * The pages' clocks are Playwright's: a heartbeat is the clock moved on by its interval, not a wait of 10 s. Time
 * still flows on its own between moves, so the admin's own timers keep working.
 */
const nextHeartbeat = (page: Page) => page.clock.runFor(PRESENCE_HEARTBEAT_MS);

const notice = (page: Page, name: string) => page.getByRole('alert').filter({ hasText: new RegExp(`^Сейчас редактирует: ${name} \\(с \\d{2}:\\d{2}\\)$`) });

describe('who else is editing a record, in Chromium', () => {
  it('shows each of two editors the other, marks the row in the news list, and forgets a closed tab', async () => {
    const news = await admin.app.db.selectFrom('news').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
    const maria = await userWithToken(admin.app, 'USER', 'maria-password-1');
    await admin.app.db.updateTable('users').set({ name: 'Мария' }).where('id', '=', maria.user.id).execute();

    const manager = await newAdminPage(admin);
    await manager.page.clock.install();
    await logIn(manager.page);
    const editor = await newAdminPage(admin);
    await logIn(editor.page, maria.user.email, maria.password);

    await manager.page.goto(`/admin/news/${news.id}`);
    await manager.page.getByRole('textbox', { name: /^Заголовок/ }).waitFor();
    await editor.page.goto(`/admin/news/${news.id}`);
    // The later one is told at once, the earlier one at its next heartbeat.
    await notice(editor.page, 'Администратор').waitFor();
    await nextHeartbeat(manager.page);
    await notice(manager.page, 'Мария').waitFor();
    expect(await notice(editor.page, 'Мария').count()).toBe(0);
    expect(await notice(manager.page, 'Администратор').count()).toBe(0);

    // The manager's news list, in another tab, marks the row Maria has open, and only that row.
    const list = await manager.context.newPage();
    await list.clock.install();
    await list.goto('/admin/news');
    const row = list.getByRole('row').filter({ hasText: news.title });
    const marker = row.getByRole('img', { name: 'Сейчас редактирует: Мария' });
    await marker.waitFor();
    expect(await list.getByRole('img', { name: /^Сейчас редактиру/ }).count()).toBe(1);

    // A closed tab releases nothing: its entry is forgotten once its last heartbeat is older than the expiry. The
    // server's clock is real, so the entry is made that old; again at each heartbeat, in case one was on its way.
    await editor.page.close();
    const makeMariasEntryExpire = () =>
      admin.app.db
        .updateTable('presence')
        .set({ last_seen: new Date(Date.now() - PRESENCE_EXPIRY_MS - 1_000).toISOString() })
        .where('user_id', '=', maria.user.id)
        .execute();
    await expect
      .poll(async () => {
        await makeMariasEntryExpire();
        await nextHeartbeat(manager.page);
        await nextHeartbeat(list);
        return (await notice(manager.page, 'Мария').count()) + (await marker.count());
      })
      .toBe(0);
    expect([...manager.errors, ...editor.errors]).toEqual([]);
    await manager.context.close();
    await editor.context.close();
  });

  it('releases the record when the editor leaves the screen, so the other’s notice goes at its next heartbeat', async () => {
    const news = await admin.app.db.selectFrom('news').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const manager = await newAdminPage(admin);
    await manager.page.clock.install();
    await logIn(manager.page);
    const maria = await userWithToken(admin.app, 'USER', 'maria-password-2');
    const editor = await newAdminPage(admin);
    await logIn(editor.page, maria.user.email, maria.password);

    await editor.page.goto(`/admin/news/${news.id}`);
    await editor.page.getByRole('textbox', { name: /^Заголовок/ }).waitFor();
    await manager.page.goto(`/admin/news/${news.id}`);
    await notice(manager.page, maria.user.name).waitFor();

    // Back to the list inside the app: the screen unmounts and releases the record at once.
    await editor.page.getByRole('menuitem', { name: 'Новости', exact: true }).click();
    await editor.page.waitForURL('**/admin/news');
    await expect.poll(() => admin.app.db.selectFrom('presence').select('id').where('user_id', '=', maria.user.id).execute()).toEqual([]);
    await nextHeartbeat(manager.page);
    await notice(manager.page, maria.user.name).waitFor({ state: 'detached' });
    await manager.context.close();
    await editor.context.close();
  });
});
