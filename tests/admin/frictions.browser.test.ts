import { describe, expect, it } from 'vitest';
import { pngImage, postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { keptNewsForm, newSignedInPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/**
 * The editor's smaller frictions, in Debian's Chromium against the built server: notices that stay with their form,
 * dates typed as дд.мм.гггг, the saved row brought into view.
 */

const admin = setUpChromiumAdmin();

let staffHeaders: Promise<Record<string, string>> | undefined;
/** One USER for the file's writes through the API (each new account hashes a password, which takes a while). */
const staff = () => (staffHeaders ??= userWithToken(admin.app, 'USER').then((user) => user.headers));

/** A new library file; its bytes keep it apart from the other tests' (the same bytes would be a duplicate). */
async function upload(filename: string, data: Buffer, type: string): Promise<number> {
  const answer = await postForm(admin.app, '/api/admin/assets/upload', await staff(), {}, [{ field: 'file', filename, data, type }]);
  const asset = answer.json().asset as { id: number; name: string } | undefined;
  expect(asset?.name, answer.body).toBe(filename);
  return asset?.id ?? 0;
}

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

  it('a kept create form says what it would restore, and restoring over typed text asks first', async () => {
    const { page, context, errors } = await newSignedInPage(admin);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/admin/news/create');
    const title = page.getByRole('textbox', { name: /^Заголовок/ });
    await title.fill('Брошенная новость');
    await expect.poll(() => keptNewsForm(admin, 'new')).toMatchObject({ title: 'Брошенная новость' });

    // A new create form later: the notice names the kept title and the fields it would fill.
    await page.goto('/admin/news');
    await page.goto('/admin/news/create');
    const notice = page.getByRole('status').filter({ hasText: 'Есть несохранённые изменения от' });
    // Only what the editor typed: the new form's own publication moment (now) is not taken from the abandoned one.
    await notice.getByText(/^Восстановятся поля: «Заголовок»\. Заголовок в них: «Брошенная новость»\.$/).waitFor();
    await title.fill('Новая новость');
    await notice.getByRole('button', { name: 'Восстановить несохранённые изменения' }).click();
    const ask = page.getByRole('dialog', { name: 'Заменить набранное?' });
    await ask.getByText('Вы уже изменили поля: «Заголовок».', { exact: false }).waitFor();
    await ask.getByRole('button', { name: 'Отмена' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await title.inputValue()).toBe('Новая новость');
    await notice.getByRole('button', { name: 'Восстановить несохранённые изменения' }).click();
    await ask.getByRole('button', { name: 'Заменить' }).click();
    await expect.poll(() => title.inputValue()).toBe('Брошенная новость');
    await notice.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after a replacement by a file named otherwise, the asset is offered the new file’s name', async () => {
    const assetId = await upload('старое-имя.png', await pngImage(300, 200, '#335577'), 'image/png');
    const { page, context, errors } = await newSignedInPage(admin);
    await page.goto(`/admin/assets/${assetId}`);
    await page.getByText(/^PNG · .+ · 300×200/).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Заменить файл' }).click();
    await (await chooser).setFiles({ name: 'новое-имя.png', mimeType: 'image/png', buffer: await pngImage(320, 200, '#775533') });
    await page.getByRole('dialog').getByRole('button', { name: 'Заменить' }).click();
    await page.getByText(/^PNG · .+ · 320×200/).waitFor();
    await page.getByText('Новый файл называется «новое-имя.png», а в медиатеке осталось прежнее название.').waitFor();
    await page.getByRole('button', { name: 'Назвать «новое-имя.png»' }).click();
    const name = page.getByRole('textbox', { name: /^Название/ });
    await expect.poll(() => name.inputValue()).toBe('новое-имя.png');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    const storedName = async () => (await admin.app.db.selectFrom('assets').select('name').where('id', '=', assetId).executeTakeFirstOrThrow()).name;
    await expect.poll(storedName).toBe('новое-имя.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('PNG and SVG cards in the library show their pixel size, an SVG’s from its viewBox too', async () => {
    await upload('размер-карточки.png', await pngImage(300, 200, '#446688'), 'image/png');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80"><rect width="240" height="80" fill="#123456"/></svg>';
    await upload('логотип-без-размера.svg', Buffer.from(svg), 'image/svg+xml');
    const { page, context, errors } = await newSignedInPage(admin);
    await page.goto('/admin/assets');
    const card = (name: string) => page.locator('li', { has: page.getByRole('link', { name, exact: true }) });
    await expect.poll(() => card('размер-карточки.png').innerText()).toContain('300×200');
    await expect.poll(() => card('логотип-без-размера.svg').innerText()).toContain('240×80');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('restoring kept changes from an older version restores only the editor’s fields, keeping a colleague’s newer title', async () => {
    const id = await addNews('Заголовок прежний', { lead: 'Анонс прежний' });
    const { page, context, errors } = await newSignedInPage(admin);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`/admin/news/${id}`);
    const title = page.getByRole('textbox', { name: /^Заголовок/ });
    const lead = page.getByRole('textbox', { name: /^Анонс/ });
    await expect.poll(() => lead.inputValue()).toBe('Анонс прежний');
    await lead.fill('Анонс редактора');
    await expect.poll(() => keptNewsForm(admin, String(id))).toMatchObject({ lead: 'Анонс редактора', $edited: ['lead'] });

    // A colleague saves a new title meanwhile; the editor comes back to the form.
    const colleague = await postForm(admin.app, `/api/admin/news/update/${id}`, await staff(), { title: 'Заголовок коллеги' });
    expect(colleague.statusCode, colleague.body).toBe(200);
    await page.goto('/admin/news');
    await page.goto(`/admin/news/${id}`);
    await expect.poll(() => title.inputValue()).toBe('Заголовок коллеги');
    const notice = page.getByRole('status').filter({ hasText: 'Есть несохранённые изменения от' });
    await notice.getByText(/^Восстановятся поля: «Анонс»\./).waitFor();
    await notice.getByRole('button', { name: 'Восстановить несохранённые изменения' }).click();
    await expect.poll(() => lead.inputValue()).toBe('Анонс редактора');
    expect(await title.inputValue()).toBe('Заголовок коллеги');

    // Based on the older version, the save meets the colleague's one: the merge keeps their title and the editor's lead.
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Запись изменили, пока вы редактировали: объедините правки' });
    await dialog.getByRole('button', { name: 'Сохранить объединённое' }).click();
    const stored = () => admin.app.db.selectFrom('news').select(['title', 'lead']).where('id', '=', id).executeTakeFirstOrThrow();
    await expect.poll(stored).toEqual({ title: 'Заголовок коллеги', lead: 'Анонс редактора' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
