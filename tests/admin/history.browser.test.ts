import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { MANAGER, newSignedInPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/**
 * «История изменений» in Debian's Chromium against the built server: an entry is named for the version it holds (the
 * one before someone's change), which is what «Восстановить» brings back; the panel shows a new entry as soon as a save,
 * a publication or a restore made one, without reopening the screen.
 */

const admin = setUpChromiumAdmin();

const titleBox = (page: Page) => page.getByRole('textbox', { name: /^Заголовок/ });

async function addNews(title: string): Promise<{ id: number; headers: Record<string, string>; email: string }> {
  const anna = await userWithToken(admin.app, 'USER');
  const added = await postForm(admin.app, '/api/admin/news/add', anna.headers, { title, lead: 'Анонс новости', public_at: daysAgo(1), published: 1 });
  expect(added.statusCode, added.body).toBe(200);
  return { id: (added.json().data as { id: number }).id, headers: anna.headers, email: anna.user.email };
}

async function openNews(page: Page, id: number): Promise<void> {
  await page.goto(`/admin/news/${id}`);
  await titleBox(page).waitFor();
}

const history = (page: Page) => page.getByRole('complementary', { name: 'История изменений' });

describe('the history panel in Chromium', () => {
  it('an entry says whose change came after the version it holds, and «Восстановить» on it brings back that version', async () => {
    const news = await addNews('Заголовок Анны');
    const oleg = await userWithToken(admin.app, 'USER');
    const changed = await postForm(admin.app, `/api/admin/news/update/${news.id}`, oleg.headers, { title: 'Заголовок Олега' });
    expect(changed.statusCode, changed.body).toBe(200);

    const { page, errors } = await newSignedInPage(admin);
    await openNews(page, news.id);
    const entry = history(page).getByTestId('revision').first();
    await expect.poll(() => entry.textContent()).toContain(`Версия до правки ${oleg.user.email}`);
    expect(await entry.textContent()).toContain('Изменено: Заголовок');
    await entry.getByRole('button', { name: new RegExp(`^Восстановить версию от .* до правки ${oleg.user.email.replaceAll('.', '\\.')}$`) }).click();
    const confirm = page.getByRole('dialog', { name: 'Восстановить версию?' });
    expect(await confirm.textContent()).toContain(`до правки ${oleg.user.email}`);
    await confirm.getByRole('button', { name: 'Восстановить' }).click();
    await page.getByText('Версия восстановлена').waitFor();
    // What came back is the version the entry named: before Oleg's change.
    await expect.poll(() => titleBox(page).inputValue()).toBe('Заголовок Анны');
    // The restore is itself a change, by the MANAGER, whose entry holds Oleg's version.
    const newest = history(page).getByTestId('revision').first();
    await expect.poll(() => newest.textContent()).toContain(`Версия до правки ${MANAGER.email}`);
    expect(errors).toEqual([]);
  });

  it('a save that stays on the form, and a draft’s publication, show their entries at once instead of «Изменений пока нет»', async () => {
    const news = await addNews('Заголовок без истории');
    const { page, errors } = await newSignedInPage(admin);
    await openNews(page, news.id);
    await history(page).getByText('Изменений пока нет.').waitFor();
    await titleBox(page).fill('Заголовок после сохранения');
    await page.getByRole('button', { name: 'Сохранить и продолжить' }).click();
    const entries = history(page).getByTestId('revision');
    await expect.poll(() => entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain(`Версия до правки ${MANAGER.email}`);
    expect(await history(page).getByText('Изменений пока нет.').count()).toBe(0);

    // The compared versions are named the same way.
    await entries
      .first()
      .getByRole('button', { name: /^Сравнить версию от / })
      .click();
    const diff = page.getByRole('dialog', { name: 'Сравнение версий' });
    await expect.poll(() => diff.getByTestId('diff-title').textContent()).toContain('добавлено: после сохранения');
    expect(await diff.textContent()).toContain(`Версия до правки ${MANAGER.email}`);
    await diff.getByRole('button', { name: 'Закрыть' }).click();

    // Publishing a draft from the band changes the live version: its entry appears at once too.
    await titleBox(page).fill('Заголовок из черновика');
    await page.getByRole('button', { name: 'Сохранить черновик' }).click();
    const band = page.getByTestId('draft-band');
    await band.getByRole('button', { name: 'Опубликовать изменения' }).click();
    await page.getByTestId('publish-draft-confirm').click();
    await band.waitFor({ state: 'detached' });
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.first().textContent()).toContain('Изменено: Заголовок');
    expect(errors).toEqual([]);
  });
});
