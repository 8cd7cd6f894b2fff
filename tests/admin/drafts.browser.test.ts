import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { logIn, MANAGER, newAdminPage, newSignedInPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/**
 * Drafts beside the live version and their review, in Debian's Chromium against the built server: a draft never
 * reaches the public page before it is published; a USER's change of a reviewed resource waits for a MANAGER, who
 * returns it with a comment the author sees on the form, then publishes it.
 */

const admin = setUpChromiumAdmin();

async function addPublishedNews(title: string): Promise<{ id: number; slug: string }> {
  const { headers } = await userWithToken(admin.app, 'MANAGER');
  const added = await postForm(admin.app, '/api/admin/news/add', headers, { title, lead: 'Анонс новости', public_at: daysAgo(1), published: 1 });
  return added.json().data as { id: number; slug: string };
}

/** The public page of a news item as a visitor gets it. */
const publicPage = async (slug: string): Promise<string> => (await fetch(`${admin.baseURL}/news/${slug}`)).text();

async function openNews(page: Page, id: number): Promise<void> {
  await page.goto(`/admin/news/${id}`);
  await page.getByRole('textbox', { name: /^Заголовок/ }).waitFor();
}

async function publishDraft(page: Page): Promise<void> {
  await page.getByTestId('draft-band').getByRole('button', { name: 'Опубликовать изменения' }).click();
  await page.getByTestId('publish-draft-confirm').click();
  await page.getByTestId('draft-band').waitFor({ state: 'detached' });
}

describe('drafts and review in Chromium', () => {
  it('a MANAGER’s draft of a published news item stays off the public page until «Опубликовать изменения» (over a live version changed meanwhile only when told)', async () => {
    const news = await addPublishedNews('Старый заголовок новости');
    expect(await publicPage(news.slug)).toContain('Старый заголовок новости');
    const { context, page, errors } = await newSignedInPage(admin);
    await openNews(page, news.id);
    await page.getByRole('textbox', { name: /^Заголовок/ }).fill('Новый заголовок черновика');
    await page.getByRole('button', { name: 'Сохранить черновик' }).click();

    const band = page.getByTestId('draft-band');
    await band.waitFor();
    expect(await band.textContent()).toContain('Есть неопубликованные изменения');
    expect(await band.textContent()).toContain(MANAGER.email);
    expect(await band.getByTestId('draft-change-title').textContent()).toContain('Старый заголовок новости');
    // The form continues the draft.
    expect(await page.getByRole('textbox', { name: /^Заголовок/ }).inputValue()).toBe('Новый заголовок черновика');
    const before = await publicPage(news.slug);
    expect(before).toContain('Старый заголовок новости');
    expect(before).not.toContain('Новый заголовок черновика');
    // «Предпросмотр черновика» opens the page as the draft would publish it.
    const [tab] = await Promise.all([context.waitForEvent('page'), band.getByRole('button', { name: 'Предпросмотр черновика' }).click()]);
    await tab.waitForURL(new RegExp(`/news/${news.slug}\\?preview=`));
    await expect.poll(() => tab.getByRole('heading', { level: 1 }).textContent()).toBe('Новый заголовок черновика');
    await tab.close();

    // The live version changes meanwhile: publishing says who changed it, and goes ahead only on «Опубликовать поверх».
    const other = await userWithToken(admin.app, 'MANAGER');
    const changed = await postForm(admin.app, `/api/admin/news/update/${news.id}`, other.headers, { seo_title: 'Правка живой версии' });
    expect(changed.statusCode, changed.body).toBe(200);
    await band.getByRole('button', { name: 'Опубликовать изменения' }).click();
    await page.getByTestId('publish-draft-confirm').click();
    await expect.poll(() => page.getByTestId('live-changed').textContent()).toContain(other.user.email);
    expect(await publicPage(news.slug)).not.toContain('Новый заголовок черновика');
    await page.getByRole('button', { name: 'Опубликовать поверх' }).click();
    await band.waitFor({ state: 'detached' });
    await expect.poll(() => publicPage(news.slug)).toContain('Новый заголовок черновика');
    expect(errors).toEqual([]);
  });

  it('«Опубликовать изменения» at a chosen moment keeps the draft, says when it goes live, leaves the page as it was; the list marks the draft', async () => {
    const news = await addPublishedNews('Заголовок до расписания');
    const { page, errors } = await newSignedInPage(admin);
    await openNews(page, news.id);
    await page.getByRole('textbox', { name: /^Заголовок/ }).fill('Заголовок по расписанию');
    await page.getByRole('button', { name: 'Сохранить черновик' }).click();
    const band = page.getByTestId('draft-band');
    await band.getByRole('button', { name: 'Опубликовать изменения' }).click();
    const dialog = page.getByRole('dialog', { name: 'Опубликовать изменения' });
    await dialog.getByRole('radio', { name: 'В выбранное время' }).check();
    // A moment already past is refused in the dialog itself.
    await dialog.getByLabel('Дата и время публикации').fill('2020-01-01T10:00');
    expect(await page.getByTestId('publish-draft-confirm').isDisabled()).toBe(true);
    await dialog.getByLabel('Дата и время публикации').fill('2099-12-01T10:30');
    await page.getByTestId('publish-draft-confirm').click();
    await expect.poll(() => band.textContent()).toContain('Черновик будет опубликован 01.12.2099 10:30');
    const row = await admin.app.db
      .selectFrom('record_drafts')
      .select('publish_at')
      .where('resource', '=', 'news')
      .where('record_id', '=', news.id)
      .executeTakeFirstOrThrow();
    expect(new Date(String(row.publish_at)).getTime()).toBe(new Date('2099-12-01T10:30').getTime());
    expect(await publicPage(news.slug)).not.toContain('Заголовок по расписанию');
    // The list marks the record as having unpublished changes.
    await page.goto('/admin/news');
    const listRow = page.getByRole('row', { name: /Заголовок до расписания/ });
    await listRow.getByRole('img', { name: 'Есть неопубликованные изменения' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('a USER’s change of a reviewed resource waits as a draft; the MANAGER returns it with a comment, then publishes it', async () => {
    const manager = await userWithToken(admin.app, 'MANAGER');
    const settings = await admin.app.inject({ method: 'PUT', url: '/api/admin/settings/review', headers: manager.headers, payload: { resources: ['news'] } });
    expect(settings.statusCode, settings.body).toBe(200);
    const news = await addPublishedNews('Заголовок до согласования');

    const author = await userWithToken(admin.app, 'USER', 'author-password-1');
    const { page: userPage } = await newAdminPage(admin);
    await logIn(userPage, author.user.email, author.password);
    await openNews(userPage, news.id);
    // The USER's saves of the live record can only be its draft: the toolbar offers nothing else, Ctrl+S saves the draft,
    // and the band offers sending for review, not publishing.
    await userPage.getByRole('button', { name: 'Сохранить черновик' }).waitFor();
    expect(await userPage.getByRole('button', { name: 'Сохранить', exact: true }).count()).toBe(0);
    expect(await userPage.getByRole('button', { name: 'Сохранить и продолжить' }).count()).toBe(0);
    await userPage.getByRole('textbox', { name: /^Заголовок/ }).fill('Заголовок после согласования');
    await userPage.keyboard.press('Control+S');
    const userBand = userPage.getByTestId('draft-band');
    await userBand.waitFor();
    expect(await publicPage(news.slug)).not.toContain('Заголовок после согласования');
    expect(await userBand.getByRole('button', { name: 'Опубликовать изменения' }).count()).toBe(0);
    await userBand.getByRole('button', { name: 'Отправить на согласование' }).click();
    await expect.poll(() => userPage.getByTestId('review-status').textContent()).toContain('На согласовании');

    const { page: managerPage } = await newSignedInPage(admin);
    await openNews(managerPage, news.id);
    const managerBand = managerPage.getByTestId('draft-band');
    await managerBand.getByRole('button', { name: 'Вернуть на доработку' }).click();
    await managerPage.getByRole('textbox', { name: /Что нужно исправить/ }).fill('Уточните дату события');
    await managerPage.getByTestId('request-changes-confirm').click();
    await expect.poll(() => managerPage.getByTestId('review-status').textContent()).toContain('Уточните дату события');

    await openNews(userPage, news.id);
    await expect.poll(() => userPage.getByTestId('review-status').textContent()).toContain('Возвращено на доработку: Уточните дату события');
    expect(await publicPage(news.slug)).not.toContain('Заголовок после согласования');

    await publishDraft(managerPage);
    await expect.poll(() => publicPage(news.slug)).toContain('Заголовок после согласования');
  });
});
