import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { jpegImage, postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { scannedPdf } from '../helpers/pdfs.js';
import { allTextSelected, editorFocused } from '../helpers/waits.js';
import { MANAGER, newSignedInPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/**
 * An editor's day in Debian's Chromium against the built server: the history of a news item and a draft's preview;
 * a plain REST resource has the same history, and takes a picture from its form; a scanned PDF is saved with a warning.
 */

const admin = setUpChromiumAdmin();

/** The notice after a save that uploaded a scan, and the hint the form keeps under the file. */
const SCAN_NOTICE = /^В PDF нет текстового слоя: программы экранного доступа не прочитают его\. Файл сохранён/;
const SCAN_HINT = /^В PDF нет текстового слоя: программы экранного доступа не прочитают его\. Загрузите PDF с текстом\.$/;

/** A news item added through the API, as another editor would have. */
async function addNews(fields: Record<string, string>): Promise<{ id: number; slug: string }> {
  const { headers } = await userWithToken(admin.app, 'USER');
  const response = await postForm(admin.app, '/api/admin/news/add', headers, { public_at: daysAgo(1), ...fields });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** A vacancy (a plain REST resource) added through the API, in Пермь, full time, public since yesterday. */
async function addVacancy(fields: Record<string, unknown>): Promise<{ id: number; slug: string }> {
  const { headers } = await userWithToken(admin.app, 'MANAGER');
  const response = await admin.app.inject({
    method: 'POST',
    url: '/api/admin/vacancies',
    headers,
    payload: { city: 'Пермь', employment: 'full', public_at: daysAgo(1), ...fields },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** Replaces the text of the edit form's rich-text editor and saves; the admin goes back to the list. */
async function editContent(page: Page, id: number, text: string, resource = 'news'): Promise<void> {
  await page.goto(`/admin/${resource}/${id}`);
  const editor = page.locator('.ProseMirror').first();
  await editor.click();
  await editorFocused(page);
  await page.keyboard.press('Control+A');
  await allTextSelected(page);
  await page.keyboard.type(text);
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await page.waitForURL(`**/admin/${resource}`);
}

/** Opens the comparison of a history entry's version; answers the dialog. */
async function compareVersion(page: Page, entry: Locator): Promise<Locator> {
  await entry.getByRole('button', { name: /^Сравнить версию от / }).click();
  return page.getByRole('dialog', { name: 'Сравнение версий' });
}

/** Restores a history entry's version, confirming, and waits for the notice. */
async function restoreVersion(page: Page, entry: Locator): Promise<void> {
  await entry.getByRole('button', { name: /^Восстановить версию от / }).click();
  await page.getByRole('dialog', { name: 'Восстановить версию?' }).getByRole('button', { name: 'Восстановить' }).click();
  await page.getByText('Версия восстановлена').waitFor();
}

/** Clicks «Предпросмотр» on the edit screen open in `page`; answers the new tab once it shows the draft's address. */
async function previewInNewTab(context: BrowserContext, page: Page, path: string): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Предпросмотр' }).click()]);
  await tab.waitForURL(new RegExp(`${path}\\?preview=`));
  return tab;
}

describe('editorial tools in Chromium', () => {
  it('edits a news item twice, compares the versions, restores the first; previews a draft in a new tab', async () => {
    const { context, page, errors } = await newSignedInPage(admin);

    const news = await addNews({ title: 'Новость с историей', content: '<p>Первая версия текста новости</p>' });
    await page.goto(`/admin/news/${news.id}`);
    const panel = page.getByRole('complementary', { name: 'История изменений' });
    await panel.getByText('Изменений пока нет.').waitFor();

    await editContent(page, news.id, 'Вторая версия текста новости');
    await editContent(page, news.id, 'Третья версия текста новости');

    await page.goto(`/admin/news/${news.id}`);
    const entries = panel.getByTestId('revision');
    await expect.poll(() => entries.count()).toBe(2);
    await expect.poll(() => entries.first().textContent()).toContain('Изменено: Текст');
    expect(await entries.first().textContent()).toContain(MANAGER.email);

    // The oldest version against the one after it: the words the first edit removed and added.
    const diff = await compareVersion(page, entries.last());
    const content = diff.getByTestId('diff-content');
    await content.waitFor();
    expect(await content.locator('del').allTextContents()).toEqual(['удалено: Первая']);
    expect(await content.locator('ins').allTextContents()).toEqual(['добавлено: Вторая']);
    // The same version against the current one.
    await diff.getByLabel('Стало').click();
    await page.getByRole('option', { name: 'Текущая версия' }).click();
    await expect.poll(() => content.locator('ins').allTextContents()).toEqual(['добавлено: Третья']);
    await diff.getByRole('button', { name: 'Закрыть' }).click();
    await diff.waitFor({ state: 'hidden' });

    await restoreVersion(page, entries.last());
    await expect.poll(() => page.locator('.ProseMirror').first().textContent()).toBe('Первая версия текста новости');
    await expect.poll(() => entries.count()).toBe(3);
    const publicPage = await fetch(`${admin.baseURL}/news/${news.slug}`);
    const html = await publicPage.text();
    expect(html).toContain('Первая версия текста новости');
    expect(html).not.toContain('Третья версия текста новости');

    // A draft: its address is closed to visitors; «Предпросмотр» opens it in a new tab with the banner.
    const draft = await addNews({ title: 'Черновик для предпросмотра', content: '<p>Текст черновика</p>', published: '0' });
    expect((await fetch(`${admin.baseURL}/news/${draft.slug}`)).status).toBe(404);
    await page.goto(`/admin/news/${draft.id}`);
    const tab = await previewInNewTab(context, page, `/news/${draft.slug}`);
    await tab.getByTestId('preview-banner').waitFor();
    expect(await tab.getByTestId('preview-banner').textContent()).toContain('Предпросмотр');
    await tab.getByRole('heading', { name: 'Черновик для предпросмотра' }).waitFor();
    expect(await tab.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    // With unsaved changes the button says that it shows the saved version, and the click says it again.
    await page.getByRole('textbox', { name: /^Заголовок/ }).fill('Несохранённый заголовок');
    const savedPreview = page.getByRole('button', { name: 'Предпросмотр сохранённой версии' });
    await savedPreview.waitFor();
    const [savedTab] = await Promise.all([context.waitForEvent('page'), savedPreview.click()]);
    await page.getByText('Предпросмотр показывает сохранённую версию: несохранённые изменения в нём не видны.').waitFor();
    await savedTab.getByRole('heading', { name: 'Черновик для предпросмотра' }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a REST resource has the same admin: a vacancy compared, restored and previewed; an investor event takes a picture', async () => {
    const { context, page, errors } = await newSignedInPage(admin);

    const vacancy = await addVacancy({ title: 'Инженер с историей', description: '<p>Первое описание вакансии</p>' });
    await page.goto(`/admin/vacancies/${vacancy.id}`);
    const panel = page.getByRole('complementary', { name: 'История изменений' });
    await panel.getByText('Изменений пока нет.').waitFor();

    await editContent(page, vacancy.id, 'Второе описание вакансии', 'vacancies');
    await page.goto(`/admin/vacancies/${vacancy.id}`);
    const entries = panel.getByTestId('revision');
    await expect.poll(() => entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain('Изменено: Описание');
    const diff = await compareVersion(page, entries.first());
    const content = diff.getByTestId('diff-description');
    await content.waitFor();
    expect(await content.locator('del').allTextContents()).toEqual(['удалено: Первое']);
    expect(await content.locator('ins').allTextContents()).toEqual(['добавлено: Второе']);
    await diff.getByRole('button', { name: 'Закрыть' }).click();
    await restoreVersion(page, entries.first());
    await expect.poll(() => page.locator('.ProseMirror').first().textContent()).toBe('Первое описание вакансии');
    expect(await (await fetch(`${admin.baseURL}/karera/${vacancy.slug}`)).text()).toContain('Первое описание вакансии');
    const draft = await addVacancy({ title: 'Черновик вакансии', published: 0 });
    await page.goto(`/admin/vacancies/${draft.id}`);
    const tab = await previewInNewTab(context, page, `/karera/${draft.slug}`);
    await tab.getByRole('heading', { name: 'Черновик вакансии' }).waitFor();
    await tab.close();

    // The investor calendar's form sends its picture as a file part of the REST request.
    await page.goto('/admin/investor-events/create');
    await page.getByLabel('Название').fill('День инвестора в цеху');
    const starts = page.getByLabel('Начало');
    await starts.fill('');
    // A date without a time: the event's day from its beginning.
    await starts.pressSequentially('01092031');
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'ceh.jpg', mimeType: 'image/jpeg', buffer: await jpegImage(900, 600) });
    await page.getByLabel('Описание изображения (alt)').fill('Цех завода');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.waitForURL(/\/admin\/investor-events\/\d+$/);
    const event = await admin.app.db
      .selectFrom('investor_events')
      .select(['id', 'image', 'image_alt', 'starts_at'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.image).toBeTruthy();
    expect(event.image_alt).toBe('Цех завода');
    expect(event.starts_at).toBe(new Date(2031, 8, 1).toISOString());
    await page.goto(`/admin/investor-events/${event.id}`);
    await page.getByTestId('current-image').locator('img[alt="Цех завода"]').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a scanned PDF as an investor document is saved with a warning at upload, marked in the documents list and in its form', async () => {
    const { context, page, errors } = await newSignedInPage(admin);
    await page.goto('/admin/investor-documents/create');
    await page.getByLabel('Название').fill('Устав (скан)');
    await page.getByRole('combobox', { name: 'Категория' }).click();
    await page.getByRole('option', { name: 'Годовые отчёты' }).click();
    await page.locator('input[type="file"]').first().setInputFiles({ name: 'Устав-скан.pdf', mimeType: 'application/pdf', buffer: scannedPdf() });
    const saved = page.waitForResponse((response) => response.url().includes('/api/admin/investor-documents/add') && response.status() === 200);
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    const stored = (await (await saved).json()) as { data: { id: number } };
    // «Сохранить» on a new record opens it: the warning follows the save's own notice, and the form repeats it.
    await page.waitForURL(`**/admin/investor-documents/${stored.data.id}`);
    await page.getByText(SCAN_NOTICE).waitFor();
    await page.getByText(SCAN_HINT).waitFor();

    await page.goto('/admin/investor-documents');
    const row = page.getByRole('row').filter({ hasText: 'Устав (скан)' });
    await row.getByText('Скан без текста').waitFor();
    const others = page.getByRole('row').filter({ hasText: 'Годовой отчёт за' });
    expect(await others.getByText('Скан без текста').count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
