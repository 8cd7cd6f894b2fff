import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { CHROMIUM_ARGS, ensureSiteBuilt } from '../site/server.js';

/** An editor's day in Debian's Chromium against the built server: the history of a news item and a draft's preview. */

const MANAGER = { email: 'admin@example.com', password: 'manager-password-1' };

let app: FastifyInstance;
let dataDir: string;
let baseURL: string;
let browser: Browser;

beforeAll(async () => {
  ensureSiteBuilt();
  dataDir = await mkdtemp(path.join(tmpdir(), 'admin-editorial-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    ADMIN_EMAIL: MANAGER.email,
    ADMIN_PASSWORD: MANAGER.password,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  });
  app = await buildApp({ ...config, dev: false }, { logger: false, viewFlushMs: 60_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseURL = `http://127.0.0.1:${address.port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A news item added through the API, as another editor would have. */
async function addNews(fields: Record<string, string>): Promise<{ id: number; slug: string }> {
  const { headers } = await userWithToken(app, 'USER');
  const response = await postForm(app, '/api/admin/news/add', headers, { public_at: daysAgo(1), ...fields });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function logIn(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel(/Электронная почта/).fill(MANAGER.email);
  await page.getByLabel(/Пароль/).fill(MANAGER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByText(/Здравствуйте, /).waitFor();
}

/** Replaces the text of the edit form's rich-text editor and saves; the admin goes back to the list. */
async function editContent(page: Page, id: number, text: string): Promise<void> {
  await page.goto(`/admin/news/${id}`);
  const editor = page.locator('.ProseMirror').first();
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await page.waitForURL('**/admin/news');
}

describe('editorial tools in Chromium', () => {
  it('edits a news item twice, compares the versions, restores the first; previews a draft in a new tab', async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1340, height: 900 }, locale: 'ru-RU' });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page);

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
    await entries
      .last()
      .getByRole('button', { name: /^Сравнить версию от / })
      .click();
    const diff = page.getByRole('dialog', { name: 'Сравнение версий' });
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

    await entries
      .last()
      .getByRole('button', { name: /^Восстановить версию от / })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Восстановить версию?' });
    await confirm.getByRole('button', { name: 'Восстановить' }).click();
    await page.getByText('Версия восстановлена').waitFor();
    await expect.poll(() => page.locator('.ProseMirror').first().textContent()).toBe('Первая версия текста новости');
    await expect.poll(() => entries.count()).toBe(3);
    const publicPage = await fetch(`${baseURL}/news/${news.slug}`);
    const html = await publicPage.text();
    expect(html).toContain('Первая версия текста новости');
    expect(html).not.toContain('Третья версия текста новости');

    // A draft: its address is closed to visitors; «Предпросмотр» opens it in a new tab with the banner.
    const draft = await addNews({ title: 'Черновик для предпросмотра', content: '<p>Текст черновика</p>', published: '0' });
    expect((await fetch(`${baseURL}/news/${draft.slug}`)).status).toBe(404);
    await page.goto(`/admin/news/${draft.id}`);
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Предпросмотр' }).click()]);
    await tab.waitForURL(new RegExp(`/news/${draft.slug}\\?preview=`));
    await tab.getByTestId('preview-banner').waitFor();
    expect(await tab.getByTestId('preview-banner').textContent()).toContain('Предпросмотр');
    await tab.getByRole('heading', { name: 'Черновик для предпросмотра' }).waitFor();
    expect(await tab.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
