import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { typesetText } from '../../server/content/typography.js';
import { postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { logIn, newAdminPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/**
 * A session that ends while an editor has unsaved changes (signed out in another tab, here) loses nothing: the save
 * that meets the ended session leaves the form as it is, keeps a copy in the browser, and asks to sign in again over
 * the form; after the sign-in the same form saves.
 */

const admin = setUpChromiumAdmin();
const PASSWORD = 'password-for-tests';

// The dialog hides the form from assistive technology while it is open, so the form is found hidden too.
const titleBox = (page: Page) => page.getByRole('textbox', { name: /^Заголовок/, includeHidden: true });
const newsTitle = async (id: number) => (await admin.app.db.selectFrom('news').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title;
const keptInBrowser = (page: Page) => page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('admin-form-draft:')));

/** A new author signed in on the edit screen of their own news item `title`, with `typed` in its title, unsaved. */
async function editingAuthor(title: string, typed: string) {
  const author = await userWithToken(admin.app, 'USER', PASSWORD);
  const added = await postForm(admin.app, '/api/admin/news/add', author.headers, { title, lead: 'Анонс', public_at: daysAgo(1) });
  const id = (added.json().data as { id: number }).id;
  const { page, context } = await newAdminPage(admin);
  await logIn(page, author.user.email, PASSWORD);
  await page.goto(`/admin/news/${id}`);
  await expect.poll(() => titleBox(page).inputValue()).toBe(typesetText(title));
  await titleBox(page).fill(typed);
  return { author, id, page, context };
}

describe('the session ends in the middle of an edit', () => {
  it('a save after signing out in another tab keeps the form, asks to sign in again over it, and then saves', async () => {
    const { author, id, page, context } = await editingAuthor('Новость до конца сессии', 'Текст, набранный до конца сессии');

    const otherTab = await context.newPage();
    await otherTab.goto('/admin');
    await otherTab
      .getByRole('button', { name: /Профиль|Тест USER/ })
      .first()
      .click();
    await otherTab.getByRole('menuitem', { name: 'Выйти' }).click();
    await otherTab.getByRole('button', { name: 'Войти' }).waitFor();
    await otherTab.close();

    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Сессия закончилась' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/news/${id}`);
    expect(await titleBox(page).inputValue()).toBe('Текст, набранный до конца сессии');
    expect(await newsTitle(id)).toBe(typesetText('Новость до конца сессии'));
    // The server could not take the form's values, so the browser keeps them until it can.
    await expect.poll(() => keptInBrowser(page)).toHaveLength(1);

    expect(await dialog.getByLabel(/Электронная почта/).inputValue()).toBe(author.user.email);
    await dialog.getByLabel(/Пароль/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Войти' }).click();
    await page.getByText('Вы снова вошли. Теперь изменения можно сохранить.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await titleBox(page).inputValue()).toBe('Текст, набранный до конца сессии');

    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect.poll(() => newsTitle(id)).toBe(typesetText('Текст, набранный до конца сессии'));
    await page.waitForURL('**/admin/news');
    await context.close();
  });

  it('a wrong password in the dialog says so and keeps the dialog and the form', async () => {
    const { id, page, context } = await editingAuthor('Вторая новость сессии', 'Не потерять этот заголовок');
    // The session's cookies go, as when it ends elsewhere.
    await context.clearCookies();

    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Сессия закончилась' });
    await dialog.getByLabel(/Пароль/).fill('not-the-password');
    await dialog.getByRole('button', { name: 'Войти' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).not.toBe('');
    expect(await titleBox(page).inputValue()).toBe('Не потерять этот заголовок');
    expect(new URL(page.url()).pathname).toBe(`/admin/news/${id}`);
    await context.close();
  });
});
