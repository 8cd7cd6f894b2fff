import { describe, expect, it } from 'vitest';
import { postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { logIn, newAdminPage, newSignedInPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/**
 * Review from both sides in Debian's Chromium: the MANAGER's queue names each draft by its record's title; an author
 * whose draft was returned finds it from the menu (a count) and the list (a mark on its row); an author under review
 * is not offered «Удалить» or «Удалить изображение» on a live item, which the server would refuse.
 */

const admin = setUpChromiumAdmin();

describe('review in Chromium', () => {
  it('names queued drafts by title, shows a returned draft in the menu and the list, and offers an author under review no removal of live items', async () => {
    const manager = await userWithToken(admin.app, 'MANAGER');
    const settings = await admin.app.inject({ method: 'PUT', url: '/api/admin/settings/review', headers: manager.headers, payload: { resources: ['news'] } });
    expect(settings.statusCode, settings.body).toBe(200);
    const author = await userWithToken(admin.app, 'USER', 'author-password-1');
    // A live news item with a picture (the demo's), which the author changes as a draft and sends for review.
    const live = await admin.app.db
      .selectFrom('news')
      .select(['id', 'title'])
      .where('published', '=', 1)
      .where('image', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const title = 'Правка автора для согласования';
    expect((await postForm(admin.app, `/api/admin/news/update/${live.id}`, author.headers, { title })).statusCode).toBe(200);
    expect((await admin.app.inject({ method: 'POST', url: `/api/admin/news/submit/${live.id}`, headers: author.headers })).statusCode).toBe(200);
    // And an unpublished item of the author's own, which the author may still remove.
    const own = await postForm(admin.app, '/api/admin/news/add', author.headers, {
      title: 'Черновая новость автора',
      lead: 'Анонс',
      public_at: new Date().toISOString(),
      published: 0,
    });
    expect(own.statusCode, own.body).toBe(200);

    const { page: managerPage, errors: managerErrors } = await newSignedInPage(admin);
    await managerPage.goto('/admin');
    const queue = managerPage.getByTestId('review-queue');
    await queue.getByRole('link', { name: new RegExp(`^«${title}» — Новость, ${author.user.email.replace('.', '\\.')}`) }).waitFor();
    expect(await queue.getByText(/Новость № \d+/).count()).toBe(0);
    expect(managerErrors).toEqual([]);

    const returned = await admin.app.inject({
      method: 'POST',
      url: `/api/admin/news/request-changes/${live.id}`,
      headers: manager.headers,
      payload: { comment: 'Уточните заголовок.' },
    });
    expect(returned.statusCode, returned.body).toBe(200);

    const { page, errors } = await newAdminPage(admin);
    await logIn(page, author.user.email, author.password);
    const menuCount = page.getByTestId('returned-drafts');
    await menuCount.waitFor();
    expect(await menuCount.textContent()).toBe(' (1)');
    expect(await menuCount.getAttribute('title')).toBe('Черновиков, возвращённых вам на доработку: 1');

    await page
      .getByRole('menuitem', { name: /Новости/ })
      .first()
      .click();
    const liveRow = page.locator('tr', { hasText: live.title });
    await liveRow.getByTestId('returned-to-you').waitFor();
    expect(await liveRow.getByTestId('returned-to-you').textContent()).toBe('Возвращено вам на доработку');
    // The live item's row offers no removal; the author's unpublished item keeps it.
    const ownRow = page.locator('tr', { hasText: 'Черновая новость автора' });
    await ownRow.getByRole('button', { name: 'Удалить' }).waitFor();
    expect(await liveRow.getByRole('button', { name: 'Удалить' }).count()).toBe(0);
    expect(await ownRow.getByTestId('returned-to-you').count()).toBe(0);

    await page.goto(`/admin/news/${live.id}`);
    await page.getByRole('textbox', { name: /^Заголовок/ }).waitFor();
    await page
      .getByRole('button', { name: /Сохранить черновик/ })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Удалить изображение' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Удалить', exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
