import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/auth/tokens.js';
import { userWithToken } from '../helpers/auth.js';
import { editorFocused } from '../helpers/waits.js';
import { JWT_SECRET, logIn, MANAGER, newAdminPage, setUpChromiumAdmin } from './chromiumAdmin.js';
import { typesetText } from '../../server/content/typography.js';

/** The admin in Debian's Chromium against the built server with the demo content. */

const admin = setUpChromiumAdmin();

async function api<T>(url: string): Promise<T> {
  const response = await fetch(`${admin.baseURL}${url}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function adminApi<T>(url: string): Promise<T> {
  const manager = await admin.app.db.selectFrom('users').selectAll().where('email', '=', MANAGER.email).executeTakeFirstOrThrow();
  const token = await signAccessToken(JWT_SECRET, manager);
  const response = await fetch(`${admin.baseURL}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const rowWith = (page: Page, text: string) => page.locator('tr', { hasText: text }).first();

describe('admin in Chromium', () => {
  it('logs in, creates a news item with an image, edits it, and the public API shows it', async () => {
    const { context, page, errors } = await newAdminPage(admin);
    await logIn(page);
    expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe('/admin');

    await page.goto('/admin/news/create');
    await page.getByLabel(/^Заголовок/).fill('Браузерная новость о запуске');
    await page.getByLabel(/^Анонс/).fill('Короткий анонс');
    const picture = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#1d3d8f' } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'launch.png', mimeType: 'image/png', buffer: picture });
    await page.getByTestId('new-image-preview').waitFor();
    await page.getByLabel(/^Описание изображения/).fill('Синий прямоугольник');
    await page.locator('.ProseMirror').first().click();
    await editorFocused(page);
    await page.keyboard.type('Текст новости из браузера.');
    // A new item is a draft: «Опубликовать» saves it published.
    await page.getByRole('button', { name: 'Опубликовать' }).click();

    await page.waitForURL('**/admin/news');
    await rowWith(page, 'Браузерная новость о запуске').waitFor();
    const list = await api<{ items: { title: string; slug: string; image: { src: string; alt: string } | null }[] }>('/api/news/items?ourPage=1');
    // Titles are typeset on save: «о» keeps to the next word.
    const published = list.items.find((item) => item.title === typesetText('Браузерная новость о запуске'));
    expect(published?.image?.src).toMatch(/^\/uploads\//);
    expect(published?.image?.alt).toBe('Синий прямоугольник');
    const image = await fetch(`${admin.baseURL}${published?.image?.src ?? ''}`);
    expect(image.status).toBe(200);

    await rowWith(page, 'Браузерная новость о запуске').click();
    await page.waitForURL(/\/admin\/news\/\d+$/);
    expect(await page.getByTestId('current-image').locator('img').getAttribute('alt')).toBe('Синий прямоугольник');
    await page.getByLabel(/^Заголовок/).fill('Браузерная новость, исправленная');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.waitForURL('**/admin/news');
    await rowWith(page, 'Браузерная новость, исправленная').waitFor();
    const article = await api<{ title: string; content: string; image: { src: string } | null }>(`/api/news/item/${published?.slug ?? ''}`);
    expect(article.title).toBe('Браузерная новость, исправленная');
    expect(article.content).toContain('Текст новости из&nbsp;браузера.');
    expect(article.image?.src).toBe(published?.image?.src);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fixes a video and moves it up among the fixed ones', async () => {
    const { context, page } = await newAdminPage(admin);
    await logIn(page);
    await page.goto('/admin/media-video');
    const row = rowWith(page, 'Репортаж с открытия офиса');
    await row.getByRole('button', { name: 'Закрепить' }).click();
    await row.getByRole('button', { name: 'Открепить' }).waitFor();
    await expect.poll(() => row.getByTestId('fixed-order').textContent()).toBe('3');
    await row.getByRole('button', { name: 'Выше' }).click();
    await expect.poll(() => row.getByTestId('fixed-order').textContent()).toBe('2');
    const fixed = await adminApi<{ title: string; fixed_order: number }[]>(
      `/api/admin/media-video?filter=${encodeURIComponent('{"fixed":1}')}&sort=${encodeURIComponent('["fixed_order","ASC"]')}&range=${encodeURIComponent('[0,9]')}`,
    );
    expect(fixed.map((video) => video.title)).toEqual(['Презентация компании', 'Репортаж с открытия офиса', 'Как получить заём под залог']);
    await context.close();
  });

  it('deletes a source after confirmation; it leaves the list as the server answers active 0', async () => {
    const { context, page } = await newAdminPage(admin);
    await logIn(page);
    await page.goto('/admin/media-source');
    const first = page.locator('tbody tr').first();
    await first.waitFor();
    // The first row once the list has loaded (rows of placeholders show meanwhile).
    await expect.poll(async () => (await first.locator('td.column-name').textContent()) ?? '').not.toBe('');
    const name = (await first.locator('td.column-name').textContent()) ?? '';
    await first.getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Подтвердить' }).click();
    await expect.poll(() => page.locator('tbody tr', { hasText: name }).count()).toBe(0);
    const sources = await adminApi<{ name: string; active: number }[]>(
      `/api/admin/media-source?filter=${encodeURIComponent('{"active":0}')}&range=${encodeURIComponent('[0,49]')}`,
    );
    expect(sources.map((source) => source.name)).toContain(name);
    await context.close();
  });

  it('keeps a USER out of the users screen', async () => {
    const { user, password } = await userWithToken(admin.app, 'USER');
    const { context, page } = await newAdminPage(admin);
    const usersRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/users')) usersRequests.push(request.url());
    });
    await logIn(page, user.email, password);
    await expect.poll(() => page.getByRole('menuitem', { name: /Новости/ }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('menuitem', { name: 'Пользователи' }).count()).toBe(0);
    await page.goto('/admin/users');
    await page.getByTestId('access-denied').waitFor();
    expect(await page.getByTestId('access-denied').textContent()).toBe('Недостаточно прав для этого раздела.');
    expect(usersRequests).toEqual([]);
    await context.close();
  });

  it('ends an expired session on /admin with "Сессия истекла."', async () => {
    const { context, page } = await newAdminPage(admin);
    await logIn(page);
    const manager = await admin.app.db.selectFrom('users').selectAll().where('email', '=', MANAGER.email).executeTakeFirstOrThrow();
    const expired = await signAccessToken(JWT_SECRET, manager, -60);
    await context.clearCookies({ name: 'refresh_token' });
    await context.addCookies([{ name: 'access_token', value: expired, url: admin.baseURL }]);
    await page.goto('/admin/news');
    await page.getByText('Сессия истекла.').waitFor();
    await page.getByRole('button', { name: 'Войти' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    await context.close();
  });

  it('keeps the session when the logout call fails', async () => {
    const { context, page } = await newAdminPage(admin);
    await logIn(page);
    await page.route('**/api/site/logout', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' }),
    );
    await page
      .getByRole('button', { name: /Профиль|Менеджер|admin@example\.com/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Выйти' }).click();
    await page.getByText('Не удалось выйти. Попробуйте ещё раз.').waitFor();
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'access_token')?.value).toBeTruthy();
    await page.keyboard.press('Escape');
    await page.goto('/admin/news');
    await page.locator('tbody tr').first().waitFor();

    await page.unroute('**/api/site/logout');
    await page
      .getByRole('button', { name: /Профиль|Менеджер|admin@example\.com/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Выйти' }).click();
    await page.getByRole('button', { name: 'Войти' }).waitFor();
    expect((await context.cookies()).find((cookie) => cookie.name === 'access_token')).toBeUndefined();
    await context.close();
  });
});
