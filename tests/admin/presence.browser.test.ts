import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { userWithToken } from '../helpers/auth.js';
import { logIn, newAdminPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/** Two staff members open the same news item in Debian's Chromium against the built server: each is told of the other. */

const admin = setUpChromiumAdmin();

/** A heartbeat every 10 s, an entry forgotten 30 s after the last one: what a closed tab may take at most. */
const SEEN_WITHIN_MS = 15_000;
const GONE_WITHIN_MS = 45_000;

const notice = (page: Page, name: string) => page.getByRole('alert').filter({ hasText: new RegExp(`^Сейчас редактирует: ${name} \\(с \\d{2}:\\d{2}\\)$`) });

describe('who else is editing a record, in Chromium', () => {
  it('shows each of two editors the other, marks the row in the news list, and forgets a closed tab', async () => {
    const news = await admin.app.db.selectFrom('news').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
    const maria = await userWithToken(admin.app, 'USER', 'maria-password-1');
    await admin.app.db.updateTable('users').set({ name: 'Мария' }).where('id', '=', maria.user.id).execute();

    const manager = await newAdminPage(admin);
    await logIn(manager.page);
    const editor = await newAdminPage(admin);
    await logIn(editor.page, maria.user.email, maria.password);

    await manager.page.goto(`/admin/news/${news.id}`);
    await manager.page.getByRole('textbox', { name: /^Заголовок/ }).waitFor();
    await editor.page.goto(`/admin/news/${news.id}`);
    // The later one is told at once, the earlier one at its next heartbeat.
    await notice(editor.page, 'Администратор').waitFor({ timeout: SEEN_WITHIN_MS });
    await notice(manager.page, 'Мария').waitFor({ timeout: SEEN_WITHIN_MS });
    expect(await notice(editor.page, 'Мария').count()).toBe(0);
    expect(await notice(manager.page, 'Администратор').count()).toBe(0);

    // The manager's news list, in another tab, marks the row Maria has open, and only that row.
    const list = await manager.context.newPage();
    await list.goto('/admin/news');
    const row = list.getByRole('row').filter({ hasText: news.title });
    await row.getByRole('img', { name: 'Сейчас редактирует: Мария' }).waitFor({ timeout: SEEN_WITHIN_MS });
    expect(await list.getByRole('img', { name: /^Сейчас редактиру/ }).count()).toBe(1);

    await editor.page.close();
    await notice(manager.page, 'Мария').waitFor({ state: 'detached', timeout: GONE_WITHIN_MS });
    await row.getByRole('img', { name: 'Сейчас редактирует: Мария' }).waitFor({ state: 'detached', timeout: GONE_WITHIN_MS });
    expect([...manager.errors, ...editor.errors]).toEqual([]);
    await manager.context.close();
    await editor.context.close();
  });

  it('releases the record when the editor leaves the screen, so the other’s notice goes at its next heartbeat', async () => {
    const news = await admin.app.db.selectFrom('news').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const manager = await newAdminPage(admin);
    await logIn(manager.page);
    const maria = await userWithToken(admin.app, 'USER', 'maria-password-2');
    const editor = await newAdminPage(admin);
    await logIn(editor.page, maria.user.email, maria.password);

    await editor.page.goto(`/admin/news/${news.id}`);
    await editor.page.getByRole('textbox', { name: /^Заголовок/ }).waitFor();
    await manager.page.goto(`/admin/news/${news.id}`);
    await notice(manager.page, maria.user.name).waitFor({ timeout: SEEN_WITHIN_MS });

    // Back to the list inside the app: the screen unmounts and releases the record at once.
    await editor.page.getByRole('menuitem', { name: 'Новости', exact: true }).click();
    await editor.page.waitForURL('**/admin/news');
    await expect.poll(() => admin.app.db.selectFrom('presence').select('id').where('user_id', '=', maria.user.id).execute()).toEqual([]);
    await notice(manager.page, maria.user.name).waitFor({ state: 'detached', timeout: SEEN_WITHIN_MS });
    await manager.context.close();
    await editor.context.close();
  });
});
