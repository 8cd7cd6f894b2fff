import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { newSignedInPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/**
 * The edit form's bottom bar, in Debian's Chromium against the built server: on a 390 px phone it fits the screen (the
 * primary action and «Ещё» with the others) and the rich-text toolbar stays in view in at most two rows; a draft's
 * «Опубликовать изменения» and «Отменить черновик» are in the bar; the list says «Опубликовано · есть черновик»; with
 * «Сначала черновик» chosen in «Настройки сайта», the primary button of a live item saves a draft.
 */

const admin = setUpChromiumAdmin();
const PHONE = { width: 390, height: 844 };

async function addPublishedNews(title: string, content = '<p>Текст новости.</p>'): Promise<{ id: number; slug: string }> {
  const { headers } = await userWithToken(admin.app, 'MANAGER');
  const added = await postForm(admin.app, '/api/admin/news/add', headers, { title, lead: 'Анонс новости', content, public_at: daysAgo(1), published: 1 });
  expect(added.statusCode, added.body).toBe(200);
  return added.json().data as { id: number; slug: string };
}

const draftOf = (id: number) =>
  admin.app.db.selectFrom('record_drafts').select(['draft_values']).where('resource', '=', 'news').where('record_id', '=', id).executeTakeFirst();

const liveTitle = async (id: number) => (await admin.app.db.selectFrom('news').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title;

async function openNews(page: Page, id: number): Promise<void> {
  await page.goto(`/admin/news/${id}`);
  await page.getByRole('textbox', { name: /^Заголовок/ }).waitFor();
}

/** The form's bottom bar (react-admin's toolbar: fixed to the bottom on a phone). */
const saveBar = (page: Page): Locator => page.locator('.RaToolbar-mobileToolbar, .RaToolbar-desktopToolbar');

/** The names of the buttons a locator holds, in order. */
const buttonNames = (scope: Locator): Promise<string[]> =>
  scope.evaluate((element) => [...element.querySelectorAll('button')].map((button) => button.getAttribute('aria-label') ?? button.textContent?.trim() ?? ''));

/** Every button of the phone's bar lies whole inside the window, and the bar does not scroll sideways. */
async function fitsTheWindow(page: Page): Promise<void> {
  const layout = await saveBar(page).evaluate((bar) => ({
    overflow: bar.scrollWidth - bar.clientWidth,
    outside: [...bar.querySelectorAll('button')]
      .map((button) => ({ name: button.textContent, box: button.getBoundingClientRect() }))
      .filter(({ box }) => box.left < 0 || box.right > window.innerWidth || box.width === 0)
      .map(({ name }) => name),
  }));
  expect(layout).toEqual({ overflow: 0, outside: [] });
}

/** The «Ещё» list of the phone's bar, opened. */
async function openMore(page: Page): Promise<Locator> {
  await saveBar(page).getByRole('button', { name: 'Ещё действия' }).click();
  const list = page.locator('.MuiPopover-paper').filter({ has: page.getByRole('button') });
  await list.waitFor();
  return list;
}

describe('the save bar in Chromium', () => {
  afterEach(async () => {
    const { headers } = await userWithToken(admin.app, 'MANAGER');
    await admin.app.inject({ method: 'PUT', url: '/api/admin/settings/drafts-first', headers, payload: { drafts_first: false } });
  });

  it('on a 390 px phone the bar fits the screen with the other actions under «Ещё», and the text toolbar stays in view in at most two rows', async () => {
    const content = Array.from({ length: 60 }, (_, index) => `<p>Абзац ${index + 1} длинного текста.</p>`).join('');
    const news = await addPublishedNews('Новость на телефоне', content);
    const { page, context, errors } = await newSignedInPage(admin, { viewport: PHONE });
    await openNews(page, news.id);

    expect(await buttonNames(saveBar(page))).toEqual(['Сохранить', 'Ещё действия']);
    await fitsTheWindow(page);
    let more = await openMore(page);
    expect(await buttonNames(more)).toEqual(['Сохранить и продолжить', 'Сохранить черновик', 'Удалить']);
    for (const button of await more.getByRole('button').all()) expect(await button.isVisible()).toBe(true);

    // A draft from the list: the bar then offers the draft's save first and its publication and discard under «Ещё».
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: /^Заголовок/ }).fill('Черновик телефона');
    more = await openMore(page);
    await more.getByRole('button', { name: 'Сохранить черновик' }).click();
    await page.getByTestId('draft-band').waitFor();
    await expect.poll(async () => JSON.parse(String((await draftOf(news.id))?.draft_values)).title).toBe('Черновик телефона');
    await expect.poll(() => buttonNames(saveBar(page))).toEqual(['Сохранить черновик', 'Ещё действия']);
    await fitsTheWindow(page);
    more = await openMore(page);
    await expect.poll(() => buttonNames(more)).toEqual(['Опубликовать изменения', 'Отменить черновик', 'Удалить']);
    await page.keyboard.press('Escape');

    // The rich-text toolbar: at the top of the window while the text scrolls under it, in one or two rows.
    await page.locator('.ProseMirror p').last().scrollIntoViewIfNeeded();
    const toolbar = await page.evaluate(() => {
      const bar = document.querySelector('.RaRichTextInputToolbar-root') as HTMLElement;
      // A control that starts below every control before it starts a row.
      let [rows, rowBottom] = [0, -Infinity];
      for (const control of [...bar.children].map((child) => child.getBoundingClientRect())) {
        if (control.top >= rowBottom) [rows, rowBottom] = [rows + 1, control.bottom];
        else rowBottom = Math.max(rowBottom, control.bottom);
      }
      return { top: bar.getBoundingClientRect().top, rows, right: bar.getBoundingClientRect().right, scrolled: window.scrollY };
    });
    expect(toolbar.scrolled).toBeGreaterThan(1000);
    expect(toolbar.top).toBe(0);
    expect(toolbar.rows).toBeLessThanOrEqual(2);
    expect(toolbar.right).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a draft is published or discarded from the bottom bar, and the list says «Опубликовано · есть черновик» meanwhile', async () => {
    const news = await addPublishedNews('Живая новость');
    const { page, context, errors } = await newSignedInPage(admin);
    await openNews(page, news.id);
    await page.getByRole('textbox', { name: /^Заголовок/ }).fill('Изменённая новость');
    await saveBar(page).getByRole('button', { name: 'Сохранить черновик' }).click();
    await page.getByTestId('draft-band').waitFor();
    await saveBar(page).getByRole('button', { name: 'Опубликовать изменения' }).waitFor();
    expect(await buttonNames(saveBar(page))).toEqual(['Сохранить черновик', 'Опубликовать изменения', 'Отменить черновик', 'Удалить']);

    await page.goto('/admin/news');
    const row = page.locator('tbody tr').filter({ hasText: 'Живая новость' });
    await expect.poll(() => row.getByText('Опубликовано · есть черновик', { exact: true }).count()).toBe(1);

    await row.getByText('Живая новость').click();
    await page.getByTestId('draft-band').waitFor();
    await saveBar(page).getByRole('button', { name: 'Опубликовать изменения' }).click();
    await page.getByTestId('publish-draft-confirm').click();
    await page.getByTestId('draft-band').waitFor({ state: 'detached' });
    await expect.poll(() => liveTitle(news.id)).toBe('Изменённая новость');
    expect(await saveBar(page).getByRole('button', { name: 'Опубликовать изменения' }).count()).toBe(0);

    // A second draft, discarded from the bar: the live version stays.
    await page.getByRole('textbox', { name: /^Заголовок/ }).fill('Отменённая правка');
    await saveBar(page).getByRole('button', { name: 'Сохранить черновик' }).click();
    await saveBar(page).getByRole('button', { name: 'Отменить черновик' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Отменить черновик' }).click();
    await page.getByTestId('draft-band').waitFor({ state: 'detached' });
    await expect.poll(() => draftOf(news.id)).toBeUndefined();
    expect(await liveTitle(news.id)).toBe('Изменённая новость');
    await expect.poll(() => page.getByRole('textbox', { name: /^Заголовок/ }).inputValue()).toBe('Изменённая новость');

    await page.goto('/admin/news');
    const published = page.locator('tbody tr').filter({ hasText: 'Изменённая новость' });
    await published.getByText('Опубликовано', { exact: true }).waitFor();
    expect(await published.getByText(/есть черновик/).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with «Сначала черновик» chosen in «Настройки сайта», the primary button of a live item saves a draft; off by default', async () => {
    const news = await addPublishedNews('Исходная новость');
    const { page, context, errors } = await newSignedInPage(admin);
    await openNews(page, news.id);
    expect((await buttonNames(saveBar(page)))[0]).toBe('Сохранить');

    await page.goto('/admin/review');
    const box = page.getByRole('checkbox', { name: 'Сначала черновик для опубликованных записей' });
    await expect.poll(() => box.isEnabled()).toBe(true);
    expect(await box.isChecked()).toBe(false);
    await box.check();
    // «Настройки сайта» holds this card and the review's, each with its own «Сохранить настройки».
    await page.locator('.MuiCard-root').filter({ has: box }).getByRole('button', { name: 'Сохранить настройки' }).click();
    await page.getByRole('alert').getByText('Настройки сайта сохранены').waitFor();

    await openNews(page, news.id);
    expect(await buttonNames(saveBar(page))).toEqual(['Сохранить черновик', 'Сохранить и опубликовать', 'Сохранить и продолжить', 'Удалить']);
    await page.getByRole('textbox', { name: /^Заголовок/ }).fill('Правка черновиком');
    await saveBar(page).getByRole('button').first().click();
    await page.getByTestId('draft-band').waitFor();
    await expect.poll(async () => JSON.parse(String((await draftOf(news.id))?.draft_values)).title).toBe('Правка черновиком');
    expect(await liveTitle(news.id)).toBe('Исходная новость');

    // The choice holds after a reload (the server keeps it) and is a MANAGER's alone.
    await page.goto('/admin/review');
    await expect.poll(() => box.isChecked()).toBe(true);
    const user = await userWithToken(admin.app, 'USER');
    const refused = await admin.app.inject({ method: 'PUT', url: '/api/admin/settings/drafts-first', headers: user.headers, payload: { drafts_first: false } });
    expect(refused.statusCode).toBe(403);
    expect(errors).toEqual([]);
    await context.close();
  });
});
