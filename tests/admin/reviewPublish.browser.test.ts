import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { logIn, newAdminPage, newSignedInPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/**
 * «Опубликовать» on an unpublished item, in Debian's Chromium against the built server: an author whose publications a
 * MANAGER reviews is offered «Отправить на согласование» instead, which sends the item for review and says so; nobody's
 * click moves the publication moment the form shows.
 */

const admin = setUpChromiumAdmin();

/** Three days ago, to the minute (what the form's date and time inputs show). */
const threeDaysAgo = (): string => new Date(Math.floor(Date.parse(daysAgo(3)) / 60_000) * 60_000).toISOString();

/** An unpublished news item added through the API by `headers`' account, public from three days ago once published. */
async function addUnpublishedNews(headers: Record<string, string>, title: string): Promise<{ id: number; slug: string; public_at: string }> {
  const added = await postForm(admin.app, '/api/admin/news/add', headers, { title, lead: 'Анонс новости', public_at: threeDaysAgo(), published: 0 });
  expect(added.statusCode, added.body).toBe(200);
  return added.json().data as { id: number; slug: string; public_at: string };
}

const storedNews = (id: number) => admin.app.db.selectFrom('news').select(['published', 'public_at']).where('id', '=', id).executeTakeFirstOrThrow();

const draftRow = (id: number) =>
  admin.app.db
    .selectFrom('record_drafts')
    .select(['review_state', 'draft_values'])
    .where('resource', '=', 'news')
    .where('record_id', '=', id)
    .executeTakeFirst();

async function openNews(page: Page, id: number): Promise<void> {
  await page.goto(`/admin/news/${id}`);
  await page.getByRole('textbox', { name: /^Заголовок/ }).waitFor();
}

describe('publishing an unpublished item in Chromium', () => {
  it('an author under review gets «Отправить на согласование»: the item waits for review, the toast says so, nothing is published and public_at stays', async () => {
    const manager = await userWithToken(admin.app, 'MANAGER');
    const settings = await admin.app.inject({ method: 'PUT', url: '/api/admin/settings/review', headers: manager.headers, payload: { resources: ['news'] } });
    expect(settings.statusCode, settings.body).toBe(200);
    const author = await userWithToken(admin.app, 'USER', 'author-password-1');
    const news = await addUnpublishedNews(author.headers, 'Новость автора на согласование');
    const before = await storedNews(news.id);

    const { page, errors } = await newAdminPage(admin);
    await logIn(page, author.user.email, author.password);
    await openNews(page, news.id);
    const submit = page.getByRole('button', { name: 'Отправить на согласование' });
    await submit.waitFor();
    expect(await page.getByRole('button', { name: 'Опубликовать', exact: true }).count()).toBe(0);
    await submit.click();

    await page.getByRole('alert').getByText('Отправлено на согласование: опубликует менеджер после проверки').waitFor();
    // No toast claims a publication (the draft band, an alert too, may name the field «Опубликовано» meanwhile).
    expect(await page.locator('.MuiSnackbar-root').getByText('Опубликовано', { exact: true }).count()).toBe(0);
    // The live item is as it was; its publication waits as a draft sent for review, with the moment the form showed.
    expect(await storedNews(news.id)).toEqual(before);
    const draft = await draftRow(news.id);
    expect(draft?.review_state).toBe('in_review');
    const values = JSON.parse(String(draft?.draft_values)) as { published?: unknown; public_at?: unknown };
    expect(Number(values.published)).toBe(1);
    expect(Date.parse(String(values.public_at))).toBe(Date.parse(before.public_at as string));
    expect((await fetch(`${admin.baseURL}/news/${news.slug}`)).status).toBe(404);

    // The MANAGER sees it waiting for review.
    const { page: managerPage } = await newSignedInPage(admin);
    await openNews(managerPage, news.id);
    await expect.poll(() => managerPage.getByTestId('review-status').textContent()).toContain('На согласовании');
    expect(errors).toEqual([]);
  });

  it('on the create form an author under review gets «Отправить на согласование»: the new item waits for review unpublished, with the moment the form showed', async () => {
    const manager = await userWithToken(admin.app, 'MANAGER');
    const settings = await admin.app.inject({ method: 'PUT', url: '/api/admin/settings/review', headers: manager.headers, payload: { resources: ['news'] } });
    expect(settings.statusCode, settings.body).toBe(200);
    const author = await userWithToken(admin.app, 'USER', 'author-password-1');
    const { page, errors } = await newAdminPage(admin);
    await logIn(page, author.user.email, author.password);
    // The form opens at a fixed moment and is sent ten minutes later: the item must keep the moment the form showed.
    const opened = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    await page.clock.setFixedTime(opened);
    await page.goto('/admin/news/create');
    await page.getByRole('textbox', { name: /^Заголовок/ }).fill('Новая новость автора');
    const submit = page.getByRole('button', { name: 'Отправить на согласование' });
    await submit.waitFor();
    expect(await page.getByRole('button', { name: 'Опубликовать', exact: true }).count()).toBe(0);
    await page.clock.setFixedTime(new Date(opened.getTime() + 10 * 60_000));
    await submit.click();

    await page.getByRole('alert').getByText('Отправлено на согласование: опубликует менеджер после проверки').waitFor();
    expect(await page.locator('.MuiSnackbar-root').getByText('Опубликовано', { exact: true }).count()).toBe(0);
    const stored = await admin.app.db
      .selectFrom('news')
      .select(['id', 'published', 'public_at', 'slug'])
      .where('title', '=', 'Новая новость автора')
      .executeTakeFirstOrThrow();
    expect(stored.published).toBe(0);
    const draft = await draftRow(stored.id);
    expect(draft?.review_state).toBe('in_review');
    const values = JSON.parse(String(draft?.draft_values)) as { published?: unknown };
    expect(Number(values.published)).toBe(1);
    expect(Date.parse(stored.public_at as string)).toBe(opened.getTime());
    expect((await fetch(`${admin.baseURL}/news/${stored.slug}`)).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it('«Опубликовать» keeps the publication moment the form shows instead of moving it to the click', async () => {
    const { headers } = await userWithToken(admin.app, 'MANAGER');
    const news = await addUnpublishedNews(headers, 'Новость со своей датой публикации');
    const before = await storedNews(news.id);
    const { page, errors } = await newSignedInPage(admin);
    await openNews(page, news.id);
    await page.getByRole('button', { name: 'Опубликовать', exact: true }).click();
    await page.getByRole('alert').getByText('Опубликовано', { exact: true }).waitFor();
    const after = await storedNews(news.id);
    expect(after.published).toBe(1);
    expect(Date.parse(after.public_at as string)).toBe(Date.parse(before.public_at as string));
    await expect.poll(async () => (await fetch(`${admin.baseURL}/news/${news.slug}`)).status).toBe(200);
    expect(errors).toEqual([]);
  });
});
