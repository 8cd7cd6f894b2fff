import { type Browser } from 'playwright-core';
import { sharedChromium, releaseChromium } from '../helpers/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle } from '../helpers/fixtures.js';
import { startSite, type RunningSite } from '../site/server.js';

/** Removing a news item in the admin and restoring it from «Корзина», as an editor does, in Debian's Chromium. */

const MANAGER = { email: 'admin@example.com', password: 'manager-password-1' };

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  browser = await sharedChromium();
}, 240_000);

afterAll(async () => {
  await releaseChromium(browser);
  await site?.close();
});

const status = async (url: string) => (await fetch(`${site.url}${url}`)).status;

async function signIn() {
  const context = await browser.newContext({ baseURL: site.url, viewport: { width: 1340, height: 900 }, locale: 'ru-RU' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/admin');
  await page.getByLabel(/Электронная почта/).fill(MANAGER.email);
  await page.getByLabel(/Пароль/).fill(MANAGER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByText(/Здравствуйте, /).waitFor();
  return { context, page, errors };
}

describe('the trash in Chromium', () => {
  it('removes a news item, restores it from «Корзина» back into its list and the site; a taken address shows the server refusal', async () => {
    const [item] = (await (await fetch(`${site.url}/api/news/items`)).json()).data.items as { title: string; slug: string }[];
    if (!item) throw new Error('the demo content has no news');
    const { context, page, errors } = await signIn();

    await page.goto('/admin/news');
    const row = page.locator('tr', { hasText: item.title }).first();
    await row.getByRole('button', { name: 'Удалить' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/перемещена в корзину/).waitFor();
    await dialog.getByRole('button', { name: /Подтвердить|Удалить/ }).click();
    await page.locator('tr', { hasText: item.title }).waitFor({ state: 'detached' });
    expect(await status(`/api/news/item/${item.slug}`)).toBe(404);
    expect(await status(`/news/${item.slug}`)).toBe(404);

    await page.getByRole('menuitem', { name: 'Корзина' }).click();
    await page.waitForURL('**/admin/trash');
    const entry = page.locator('tr', { hasText: item.title }).first();
    await entry.getByText('Новость', { exact: true }).waitFor();
    await entry.getByText(MANAGER.email).waitFor();
    await entry.getByRole('button', { name: 'Восстановить' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Подтвердить/ })
      .click();
    await page.getByText(`Запись «${item.title}» восстановлена`).waitFor();
    await page.locator('tr', { hasText: item.title }).waitFor({ state: 'detached' });

    expect(await status(`/api/news/item/${item.slug}`)).toBe(200);
    expect(await status(`/news/${item.slug}`)).toBe(200);
    await page.getByRole('menuitem', { name: 'Новости', exact: true }).click();
    await page.waitForURL('**/admin/news');
    await page.locator('tr', { hasText: item.title }).first().waitFor();

    // Removed again, and its address taken by another item meanwhile: the restore shows the server's refusal.
    const row2 = page.locator('tr', { hasText: item.title }).first();
    await row2.getByRole('button', { name: 'Удалить' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Подтвердить|Удалить/ })
      .click();
    await page.locator('tr', { hasText: item.title }).waitFor({ state: 'detached' });
    await insertArticle(site.app.db, 'news', { title: 'Другая новость', slug: item.slug });
    await page.getByRole('menuitem', { name: 'Корзина' }).click();
    await page.locator('tr', { hasText: item.title }).first().getByRole('button', { name: 'Восстановить' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Подтвердить/ })
      .click();
    await page.getByText(`Нельзя восстановить «${item.title}»: этот адрес уже занят другой записью — «${item.slug}».`).waitFor();
    await page.locator('tr', { hasText: item.title }).first().waitFor();

    // The audit log in words: the removal and the restore name the item (kept by the trash); a sign-in links its account.
    await page.goto('/admin/audit-log');
    const removal = page.locator('tr', { hasText: 'Восстановление из корзины' }).first();
    await removal.getByText(item.title).waitFor();
    await removal.getByText('Новость', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Добавить фильтр' }).click();
    await page.getByRole('menu').getByText('Действие', { exact: true }).click();
    await page.getByRole('combobox', { name: 'Действие' }).click();
    await page.getByRole('option', { name: 'Вход', exact: true }).click();
    await expect.poll(() => page.locator('tbody tr').first().textContent()).toContain('Вход');
    expect(await page.locator('tbody tr', { hasNotText: 'Вход' }).count()).toBe(0);
    await page.locator('tbody tr').first().getByRole('link').click();
    await page.waitForURL(/\/admin\/users\/\d+$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a removal shows «Удалено» with «Отменить», which brings the record back; a bulk removal too', async () => {
    const items = (await (await fetch(`${site.url}/api/news/items`)).json()).data.items as { title: string; slug: string }[];
    const [first, second] = items.slice(1, 3);
    if (!first || !second) throw new Error('the demo content has too few news');
    const { context, page, errors } = await signIn();
    await page.goto('/admin/news');
    const row = (title: string) => page.locator('tr', { hasText: title }).first();
    const confirm = () =>
      page
        .getByRole('dialog')
        .getByRole('button', { name: /Подтвердить|Удалить/ })
        .click();
    const undo = async () => {
      await page.getByText('Удалено', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Отменить' }).click();
      await page.getByText('Удаление отменено').waitFor();
    };

    await row(first.title).getByRole('button', { name: 'Удалить' }).click();
    await confirm();
    await row(first.title).waitFor({ state: 'detached' });
    expect(await status(`/news/${first.slug}`)).toBe(404);
    await undo();
    await row(first.title).waitFor();
    expect(await status(`/news/${first.slug}`)).toBe(200);

    for (const item of [first, second]) await row(item.title).getByRole('checkbox').check();
    await page.locator('.RaBulkActionsToolbar-toolbar').getByRole('button', { name: 'Удалить' }).click();
    await confirm();
    await row(second.title).waitFor({ state: 'detached' });
    expect(await status(`/news/${first.slug}`)).toBe(404);
    await undo();
    for (const item of [first, second]) await row(item.title).waitFor();
    expect(await status(`/news/${second.slug}`)).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });
});
