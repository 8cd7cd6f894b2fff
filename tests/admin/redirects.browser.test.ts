import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { logIn, newAdminPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/** A MANAGER manages «Перенаправления» in Debian's Chromium against the built server. */

const admin = setUpChromiumAdmin();

async function csvFile(name: string, text: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'redirects-csv-')), name);
  await writeFile(file, text);
  return file;
}

describe('the redirects screen in Chromium', () => {
  it('adds, edits, imports (refusing a loop with its line) and removes redirects; the site follows them', async () => {
    const { page, context, errors } = await newAdminPage(admin);
    await logIn(page);
    await page.goto('/admin/redirects');
    await page.getByRole('link', { name: 'Создать' }).click();
    await page.getByRole('textbox', { name: /^Старый адрес/ }).fill('/o-kompanii-staroe');
    await page.getByRole('textbox', { name: /^Новый адрес/ }).fill('/news');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    // «Сохранить» on a new record opens it.
    await page.waitForURL(/\/admin\/redirects\/\d+$/);
    await page.goto('/admin/redirects');
    const row = page.locator('tr', { hasText: '/o-kompanii-staroe' });
    await expect.poll(() => row.count()).toBe(1);
    expect((await fetch(`${admin.baseURL}/o-kompanii-staroe`, { redirect: 'manual' })).headers.get('location')).toBe('/news');

    await row.click();
    await page.getByRole('textbox', { name: /^Новый адрес/ }).fill('/media/video');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.waitForURL('**/admin/redirects');
    await expect.poll(() => page.locator('tr', { hasText: '/media/video' }).count()).toBe(1);

    // A file with a loop on its second line is refused whole, naming the line.
    await page.getByTestId('redirects-import-file').setInputFiles(await csvFile('loop.csv', '/csv-odin,/news\n/csv-petlya,/csv-petlya\n'));
    await expect.poll(() => page.getByText(/Строка 2: Перенаправление ведёт само на себя\./).count()).toBe(1);
    expect(await page.locator('tr', { hasText: '/csv-odin' }).count()).toBe(0);

    await page.getByTestId('redirects-import-file').setInputFiles(await csvFile('good.csv', 'Старый;Новый\n/csv-odin;/news\n/csv-dva;/media\n'));
    await page.getByText('Импортировано перенаправлений: 2').waitFor();
    await expect.poll(() => page.locator('tr', { hasText: '/csv-dva' }).count()).toBe(1);

    await page.locator('tr', { hasText: '/csv-dva' }).getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Подтвердить' }).click();
    await expect.poll(() => page.locator('tr', { hasText: '/csv-dva' }).count()).toBe(0);
    expect((await fetch(`${admin.baseURL}/csv-dva`, { redirect: 'manual' })).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });
});
