import { describe, expect, it } from 'vitest';
import { reindexAll } from '../../server/search/indexer.js';
import { insertArticle } from '../helpers/fixtures.js';
import { logIn, newAdminPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/** The publishing calendar in Debian's Chromium against the built server with the demo content (times in UTC). */

const DAY_MS = 86_400_000;

const admin = setUpChromiumAdmin();

/** A UTC day at 10:00, `days` from today. */
const dayAt = (days: number) => {
  const date = new Date(Date.now() + days * DAY_MS);
  date.setUTCHours(10, 0, 0, 0);
  return date;
};
const dayKey = (date: Date) => date.toISOString().slice(0, 10);
const monthKey = (date: Date) => date.toISOString().slice(0, 7);
const masked = (date: Date) => `${dayKey(date).slice(8, 10)}.${dayKey(date).slice(5, 7)}.${dayKey(date).slice(0, 4)}`;

describe('publishing calendar in Chromium', () => {
  it('shows a scheduled item on its day; rescheduling it moves it and the public site follows', async () => {
    const scheduled = dayAt(3);
    const target = dayAt(-2);
    const id = await insertArticle(admin.app.db, 'news', {
      title: 'Календарная новость',
      slug: 'kalendarnaya-novost',
      public_at: scheduled.toISOString(),
      published: 1,
    });
    await reindexAll(admin.app.db);
    expect((await fetch(`${admin.baseURL}/api/news/item/kalendarnaya-novost`)).status).toBe(404);

    const { context, page, errors } = await newAdminPage(admin, { viewport: { width: 1400, height: 1000 }, timezoneId: 'UTC' });
    await logIn(page);

    await page.getByRole('menuitem', { name: 'Календарь публикаций' }).click();
    await page.waitForURL('**/admin/calendar');
    await page.goto(`/admin/calendar?month=${monthKey(scheduled)}`);
    const item = page.getByTestId(`calendar-day-${dayKey(scheduled)}`).getByTestId(`calendar-item-news-${id}`);
    await item.waitFor();
    expect(await item.textContent()).toContain('запланировано');
    expect(await item.getByRole('link', { name: 'Календарная новость' }).getAttribute('href')).toBe(`/admin/news/${id}`);

    await item.getByRole('button', { name: 'Перенести: Календарная новость' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('public_at-date').fill(masked(target));
    await dialog.getByTestId('public_at-time').fill('09:30');
    await dialog.getByRole('button', { name: 'Перенести', exact: true }).click();
    await page.getByText('Дата публикации изменена.').waitFor();

    await page.goto(`/admin/calendar?month=${monthKey(target)}`);
    await page
      .getByTestId(`calendar-day-${dayKey(target)}`)
      .getByTestId(`calendar-item-news-${id}`)
      .waitFor();
    if (monthKey(target) === monthKey(scheduled)) {
      expect(
        await page
          .getByTestId(`calendar-day-${dayKey(scheduled)}`)
          .getByTestId(`calendar-item-news-${id}`)
          .count(),
      ).toBe(0);
    }

    const article = await fetch(`${admin.baseURL}/api/news/item/kalendarnaya-novost`);
    expect(article.status).toBe(200);
    expect(((await article.json()) as { data: { public_at: string } }).data.public_at).toBe(`${dayKey(target)}T09:30:00.000Z`);
    const found = (await (await fetch(`${admin.baseURL}/api/search?q=${encodeURIComponent('календарные')}`)).json()) as { data: { items: { id: number }[] } };
    expect(found.data.items.map((result) => result.id)).toContain(id);

    await page.getByRole('link', { name: 'Календарная новость' }).click();
    await page.waitForURL(`**/admin/news/${id}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a withdrawal at its unpublish_at as an entry of its own, labelled, opening the record', async () => {
    const withdrawal = dayAt(2);
    const id = await insertArticle(admin.app.db, 'news', {
      title: 'Новость с датой снятия',
      public_at: dayAt(-40).toISOString(),
      unpublish_at: withdrawal.toISOString(),
      published: 1,
    });
    const { context, page, errors } = await newAdminPage(admin, { viewport: { width: 1400, height: 1000 }, timezoneId: 'UTC' });
    await logIn(page);
    await page.goto(`/admin/calendar?month=${monthKey(withdrawal)}`);
    const entry = page.getByTestId(`calendar-day-${dayKey(withdrawal)}`).getByTestId(`calendar-withdrawal-news-${id}`);
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Снятие с публикации');
    expect(await entry.textContent()).toContain('10:00');
    expect(await entry.getByRole('link', { name: 'Новость с датой снятия' }).getAttribute('href')).toBe(`/admin/news/${id}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
