import { describe, expect, it } from 'vitest';
import { postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { newSignedInPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/**
 * The editor's smaller frictions, in Debian's Chromium against the built server: notices that stay with their form,
 * dates typed as дд.мм.гггг, the saved row brought into view.
 */

const admin = setUpChromiumAdmin();

const staff = async () => (await userWithToken(admin.app, 'USER')).headers;

async function addNews(title: string, fields: Record<string, string | number> = {}): Promise<number> {
  const added = await postForm(admin.app, '/api/admin/news/add', await staff(), { title, lead: 'Анонс', public_at: daysAgo(1), ...fields });
  return (added.json().data as { id: number }).id;
}

describe('smaller frictions in Chromium', () => {
  it('the typography notice with «Отменить» goes away when the editor leaves its form', async () => {
    const id = await addNews('Новость для уведомления');
    const { page, context, errors } = await newSignedInPage(admin);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`/admin/news/${id}`);
    const title = page.getByRole('textbox', { name: /^Заголовок/ });
    await expect.poll(() => title.inputValue()).toBe('Новость для\u00a0уведомления');
    await title.fill('"Смарт" - рост');
    await page.keyboard.press('Tab');
    const notice = page.getByText('Расставлена типографика: кавычки, тире, неразрывные пробелы.');
    await notice.waitFor();
    await page.getByRole('menuitem', { name: 'Главная' }).click();
    await page.getByText(/Здравствуйте, /).waitFor();
    await notice.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Отменить' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the library’s date filters take дд.мм.гггг even in an English browser', async () => {
    const { page, context, errors } = await newSignedInPage(admin, { locale: 'en-US' });
    await page.goto('/admin/assets');
    const from = page.getByRole('textbox', { name: 'Загружены с' });
    await from.waitFor();
    expect(await from.getAttribute('placeholder')).toBe('дд.мм.гггг');
    expect(await from.getAttribute('type')).toBe('text');
    const filtered = page.waitForResponse((answer) => decodeURIComponent(answer.url()).includes('2031-09-01'));
    await from.pressSequentially('01092031');
    await filtered;
    expect(await from.inputValue()).toBe('01.09.2031');
    // Nothing was uploaded after that day; the address keeps the filter as an ISO day.
    await expect.poll(() => decodeURIComponent(page.url())).toContain('"created_from":"2031-09-01"');
    await from.fill('');
    await expect.poll(() => decodeURIComponent(page.url())).not.toContain('created_from');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after a save the list brings the saved row into view and marks it', async () => {
    for (let index = 1; index <= 30; index += 1) await addNews(`Новость для прокрутки № ${index}`, { published: 1, public_at: daysAgo(index) });
    const { page, context, errors } = await newSignedInPage(admin);
    await page.goto('/admin/news');
    const lastRow = page.locator('tbody tr').last();
    await lastRow.scrollIntoViewIfNeeded();
    const rowTitle = (await lastRow.locator('td').nth(1).innerText()).trim();
    await lastRow.locator('td').nth(1).click();
    await page.waitForURL(/\/admin\/news\/\d+$/);
    const lead = page.getByRole('textbox', { name: /^Анонс/ });
    await expect.poll(() => lead.inputValue()).not.toBe('');
    await lead.fill('Анонс после правки внизу списка');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.waitForURL(/\/admin\/news$/);
    const savedRow = page.locator('tbody tr.saved-row');
    await savedRow.waitFor();
    expect((await savedRow.locator('td').nth(1).innerText()).trim()).toBe(rowTitle);
    const inView = () =>
      savedRow.evaluate((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    await expect.poll(inView).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
