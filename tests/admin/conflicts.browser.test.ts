import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { typesetText } from '../../server/content/typography.js';
import { logIn, MANAGER, newAdminPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/** Two staff members edit the same news item in Debian's Chromium against the built server: no save is lost. */

const admin = setUpChromiumAdmin();

async function signedIn(account: { email: string; password: string }): Promise<Page> {
  const { page } = await newAdminPage(admin);
  await logIn(page, account.email, account.password);
  return page;
}

async function openNews(page: Page, id: number): Promise<void> {
  await page.goto(`/admin/news/${id}`);
  await expect.poll(() => page.getByRole('textbox', { name: /^Заголовок/ }).inputValue()).toBe('Исходный заголовок');
}

describe('two staff members editing one news item in Chromium', () => {
  it('each sees the other before saving; the later save opens the conflict view naming who saved; a merge keeps both changes', async () => {
    const { headers } = await userWithToken(admin.app, 'USER');
    const added = await postForm(admin.app, '/api/admin/news/add', headers, {
      title: 'Исходный заголовок',
      lead: 'Исходный анонс',
      content: '<p>Текст</p>',
      public_at: daysAgo(1),
    });
    const id = (added.json().data as { id: number }).id;
    const editor = await userWithToken(admin.app, 'USER', 'editor-password-1');

    const first = await signedIn(MANAGER);
    const second = await signedIn({ email: editor.user.email, password: editor.password });
    await openNews(first, id);
    await openNews(second, id);
    // Before anyone saves, each sees who else has the item open.
    const presence = (page: Page, name: string) => page.getByRole('alert').filter({ hasText: `Сейчас редактирует: ${name}` });
    await presence(second, 'Администратор').waitFor({ timeout: 15_000 });
    await presence(first, editor.user.name).waitFor({ timeout: 15_000 });

    await first.getByRole('textbox', { name: /^Заголовок/ }).fill('Заголовок от первого');
    await first.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await first.waitForURL('**/admin/news');

    await second.getByRole('textbox', { name: /^Анонс/ }).fill('Анонс от второго');
    await second.getByRole('button', { name: 'Сохранить', exact: true }).click();
    const dialog = second.getByRole('dialog', { name: 'Запись уже изменили: выберите, что сохранить' });
    await dialog.waitFor();
    expect(await dialog.getByRole('alert').textContent()).toContain(MANAGER.email);
    // Each field shows both versions; the suggestion keeps the other's title and one's own lead.
    await expect.poll(() => dialog.getByTestId('conflict-title-saved').textContent()).toBe(typesetText('Заголовок от первого'));
    expect(await dialog.getByTestId('conflict-title-mine').textContent()).toBe('Исходный заголовок');
    expect(await dialog.getByTestId('conflict-lead-mine').textContent()).toBe('Анонс от второго');
    expect(await dialog.getByTestId('conflict-title').getByRole('radio', { name: 'Сохранённая версия' }).isChecked()).toBe(true);
    expect(await dialog.getByTestId('conflict-lead').getByRole('radio', { name: 'Ваша версия' }).isChecked()).toBe(true);

    await dialog.getByRole('button', { name: 'Сохранить выбранное' }).click();
    await second.waitForURL('**/admin/news');
    const saved = await admin.app.db.selectFrom('news').select(['title', 'lead', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(saved).toEqual({ title: typesetText('Заголовок от первого'), lead: typesetText('Анонс от второго'), version: 3 });
    await first.context().close();
    await second.context().close();
  });

  it('«Оставить мою» replaces the newer version and is audited as an overwrite; «Взять сохранённую» shows it', async () => {
    const { headers } = await userWithToken(admin.app, 'USER');
    const added = await postForm(admin.app, '/api/admin/news/add', headers, { title: 'Исходный заголовок', lead: 'Анонс', public_at: daysAgo(1) });
    const id = (added.json().data as { id: number }).id;
    const page = await signedIn(MANAGER);

    await openNews(page, id);
    await postForm(admin.app, `/api/admin/news/update/${id}`, headers, { title: 'Чужой заголовок' });
    await page.getByRole('textbox', { name: /^Заголовок/ }).fill('Мой заголовок');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Оставить мою' }).click();
    await page.waitForURL('**/admin/news');
    expect((await admin.app.db.selectFrom('news').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title).toBe('Мой заголовок');
    const actions = await admin.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('resource', '=', 'news')
      .where('record_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(actions.map((entry) => entry.action)).toEqual(['add', 'update', 'overwrite']);

    await page.goto(`/admin/news/${id}`);
    await expect.poll(() => page.getByRole('textbox', { name: /^Заголовок/ }).inputValue()).toBe('Мой заголовок');
    await postForm(admin.app, `/api/admin/news/update/${id}`, headers, { title: 'Снова чужой' });
    await page.getByRole('textbox', { name: /^Заголовок/ }).fill('Черновая правка');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Взять сохранённую' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: /^Заголовок/ }).inputValue()).toBe('Снова чужой');
    await page.context().close();
  });
});
