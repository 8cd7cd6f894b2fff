import type { Editor } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { textImageSrc } from '../../lib/richText.js';
import { pngImage, postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { caretAtLineEnd } from '../helpers/waits.js';
import { keptNewsForm, newSignedInPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/**
 * The editor never loses or silently changes work, in Debian's Chromium against the built server: typing or Enter with
 * an image selected keeps the image, text typed just before leaving is kept, and replacing a library file asks first.
 */

const admin = setUpChromiumAdmin();

type EditorElement = HTMLElement & { editor: Editor };

const staff = async () => (await userWithToken(admin.app, 'USER')).headers;

/** A new library picture, 300×200; the colour keeps its content apart from the other tests' (the same bytes would be a duplicate). */
async function uploadPicture(name: string, colour: string): Promise<number> {
  const answer = await postForm(admin.app, '/api/admin/assets/upload', await staff(), {}, [
    { field: 'file', filename: name, data: await pngImage(300, 200, colour), type: 'image/png' },
  ]);
  const asset = answer.json().asset as { id: number; name: string } | undefined;
  expect(asset?.name, answer.body).toBe(name);
  return asset?.id ?? 0;
}

async function addNews(title: string, fields: Record<string, string | number> = {}): Promise<number> {
  const added = await postForm(admin.app, '/api/admin/news/add', await staff(), { title, lead: 'Анонс', public_at: daysAgo(1), ...fields });
  return (added.json().data as { id: number }).id;
}

describe('editor trust in Chromium', () => {
  it('typing or Enter with an image selected starts a paragraph after it, keeping the image; Delete removes it', async () => {
    const assetId = await uploadPicture('в-тексте.png', '#553311');
    const figureHtml = `<figure class="image-full"><img src="${textImageSrc(assetId)}" alt="Картинка"></figure>`;
    const id = await addNews('Новость с картинкой в тексте', { content: `<p>Начало.</p>${figureHtml}` });
    const { page, context, errors } = await newSignedInPage(admin);
    await page.goto(`/admin/news/${id}`);
    const html = () => page.evaluate(() => (document.querySelector('.ProseMirror') as EditorElement).editor.getHTML());
    const figure = page.locator('.ProseMirror figure');
    // Each click at another spot of the picture: ProseMirror takes two clicks at one spot within half a second for a double click.
    let clicks = 0;
    const selectImage = async () => {
      clicks += 1;
      await figure.click({ position: { x: 30 * clicks, y: 20 } });
      await page.locator('.ProseMirror figure.ProseMirror-selectednode').waitFor();
    };

    // The image is last: the typed text goes into the paragraph after it, and no empty one is left behind.
    await selectImage();
    await page.keyboard.type('Дальше');
    await expect.poll(html).toBe(`<p>Начало.</p>${figureHtml}<p>Дальше</p>`);

    // Enter opens a new paragraph right after the image, before the text that follows it.
    await selectImage();
    await page.keyboard.press('Enter');
    await page.keyboard.type('Между');
    await expect.poll(html).toBe(`<p>Начало.</p>${figureHtml}<p>Между</p><p>Дальше</p>`);

    // Changed in the toolbar, the image stays selected: what is typed next goes after it too.
    await selectImage();
    await page.getByRole('button', { name: 'Изменить изображение', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Изображение в тексте' });
    await details.getByRole('radio', { name: 'Половина ширины' }).check();
    await details.getByRole('button', { name: 'Сохранить' }).click();
    const halfHtml = figureHtml.replace('image-full', 'image-half');
    await expect.poll(html).toBe(`<p>Начало.</p>${halfHtml}<p>Между</p><p>Дальше</p>`);
    await page.locator('.ProseMirror figure.ProseMirror-selectednode').waitFor();
    // The dialog hands the focus back to the text a frame after it closes.
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('ProseMirror'))).toBe(true);
    await page.keyboard.type('Ещё');
    await expect.poll(html).toBe(`<p>Начало.</p>${halfHtml}<p>Ещё</p><p>Между</p><p>Дальше</p>`);

    await selectImage();
    await page.keyboard.press('Delete');
    await expect.poll(html).toBe('<p>Начало.</p><p>Ещё</p><p>Между</p><p>Дальше</p>');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a field with typography shows its typeset text once left, with «Отменить», rich text too', async () => {
    const id = await addNews('Новость для типографики', { content: '<p>Текст.</p>' });
    const { page, context, errors } = await newSignedInPage(admin);
    await page.goto(`/admin/news/${id}`);
    const title = page.getByRole('textbox', { name: /^Заголовок/ });
    await expect.poll(() => title.inputValue()).toBe('Новость для\u00a0типографики');
    await title.fill('"Смарт" - рост 18 %');
    await page.keyboard.press('Tab');
    await expect.poll(() => title.inputValue()).toBe('«Смарт»\u00a0— рост 18\u00a0%');
    const notice = page.getByText('Расставлена типографика: кавычки, тире, неразрывные пробелы.');
    await notice.waitFor();
    await page.getByRole('button', { name: 'Отменить' }).click();
    await expect.poll(() => title.inputValue()).toBe('"Смарт" - рост 18 %');
    await notice.waitFor({ state: 'hidden' });

    const editor = page.locator('.ProseMirror').first();
    const html = () => page.evaluate(() => (document.querySelector('.ProseMirror') as EditorElement).editor.getHTML());
    await editor.click();
    await page.keyboard.press('End');
    await caretAtLineEnd(page);
    await page.keyboard.type(' Это "важно" - да...');
    await title.focus();
    await expect.poll(html).toBe('<p>Текст. Это «важно»&nbsp;— да…</p>');
    await page.getByRole('button', { name: 'Отменить' }).click();
    await expect.poll(html).toBe('<p>Текст. Это "важно" - да...</p>');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('text typed and left within a moment is kept: on another admin screen, and when the page itself goes away', async () => {
    const id = await addNews('Новость, которую покидают');
    const { page, context } = await newSignedInPage(admin);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`/admin/news/${id}`);
    const lead = page.getByRole('textbox', { name: /^Анонс/ });
    await expect.poll(() => lead.inputValue()).toBe('Анонс');
    await lead.fill('Набрано перед уходом');
    await page.getByRole('menuitem', { name: 'Главная' }).click();
    await expect.poll(() => keptNewsForm(admin, String(id))).toMatchObject({ lead: 'Набрано перед уходом' });
    // The dashboard lists it among the editor's own unsaved changes, with a link back to the form.
    await page.reload();
    await page.getByTestId('my-drafts').getByRole('link', { name: 'Новость, которую покидают' }).click();
    await page.waitForURL(`**/admin/news/${id}`);

    await page.getByRole('button', { name: 'Восстановить несохранённые изменения' }).click();
    await lead.fill('Набрано перед закрытием');
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => keptNewsForm(admin, String(id))).toMatchObject({ lead: 'Набрано перед закрытием' });
    await context.close();
    // Two visits of the form and one of the dashboard, each a full load of the admin.
  });

  it('«Заменить файл» asks first, naming the uses with the published ones marked; «Вернуть прежний файл» undoes it', async () => {
    const assetId = await uploadPicture('заменяемая.png', '#224466');
    await addNews('Опубликованная без этого файла', { published: 1 });
    const headers = await staff();
    const coverWith = async (title: string, published: number) => {
      const id = await addNews(title);
      const cover = await admin.app.inject({
        method: 'POST',
        url: `/api/admin/news/update/${id}`,
        headers: { ...headers, 'if-match': '*' },
        payload: { published, image: { asset: assetId } },
      });
      expect(cover.statusCode, cover.body).toBe(200);
    };
    await coverWith('Опубликованная с обложкой из медиатеки', 1);
    await coverWith('Черновик с обложкой из медиатеки', 0);
    const storedFile = async () => (await admin.app.db.selectFrom('assets').select('file').where('id', '=', assetId).executeTakeFirstOrThrow()).file;
    const before = await storedFile();

    const { page, context, errors } = await newSignedInPage(admin);
    await page.goto(`/admin/assets/${assetId}`);
    await page.getByText(/^PNG · .+ · 300×200/).waitFor();
    expect(await page.getByRole('button', { name: 'Вернуть прежний файл' }).count()).toBe(0);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Заменить файл' }).click();
    await (await chooser).setFiles({ name: 'новая.png', mimeType: 'image/png', buffer: await pngImage(320, 200, '#113355') });
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Заменить файл «заменяемая.png»?').waitFor();
    const uses = dialog.getByRole('listitem');
    // The typography of titles puts no-break spaces in; they read as spaces here.
    const usesShown = async () => (await uses.allTextContents()).map((text) => text.replace(/\s/g, ' '));
    await expect
      .poll(usesShown)
      .toEqual([
        'Новость: Опубликованная с обложкой из медиатеки, поле «Изображение»опубликовано',
        'Новость: Черновик с обложкой из медиатеки, поле «Изображение»',
      ]);
    // Nothing is replaced before the editor confirms.
    expect(await storedFile()).toBe(before);
    await dialog.getByRole('button', { name: 'Заменить' }).click();
    await page.getByText('Файл заменён').waitFor();
    await page.getByText(/^PNG · .+ · 320×200/).waitFor();
    expect(await storedFile()).not.toBe(before);

    await page.getByRole('button', { name: 'Вернуть прежний файл' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Вернуть прежний файл' }).click();
    await page.getByText('Прежний файл возвращён').waitFor();
    await page.getByText(/^PNG · .+ · 300×200/).waitFor();
    expect(await storedFile()).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the library selects all, removes many (keeping the used ones, named) and moves many; sizes in КБ, demo files named', async () => {
    const ids = [
      await uploadPicture('пакетная-1.png', '#113355'),
      await uploadPicture('пакетная-2.png', '#115533'),
      await uploadPicture('пакетная-3.png', '#331155'),
    ];
    const used = await addNews('Новость с пакетной обложкой');
    const cover = await admin.app.inject({
      method: 'POST',
      url: `/api/admin/news/update/${used}`,
      headers: { ...(await staff()), 'if-match': '*' },
      payload: { image: { asset: ids[2] } },
    });
    expect(cover.statusCode, cover.body).toBe(200);
    const folder = await admin.app.inject({ method: 'POST', url: '/api/admin/asset-folders', headers: await staff(), payload: { name: 'Пакетная папка' } });
    expect(folder.statusCode, folder.body).toBe(200);
    const demoNames = await admin.app.db.selectFrom('assets').select('name').where('created_by', 'is', null).execute();
    expect(demoNames.filter(({ name }) => !/[а-яё]/i.test(name))).toEqual([]);

    const { page, context, errors } = await newSignedInPage(admin);
    await page.goto('/admin/assets');
    await page.getByLabel('Поиск').fill('пакетная');
    const cards = page.getByRole('checkbox', { name: /Выбрать «пакетная-/ });
    await expect.poll(() => cards.count()).toBe(3);
    await page
      .getByText(/^\d+\u00a0КБ · 300×200$/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Выбрать все' }).click();
    await page.getByRole('button', { name: 'Удалить', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Подтвердить/ })
      .click();
    const keptNotice = page.getByText('Используются в записях и остались: пакетная-3.png', { exact: false });
    await keptNotice.waitFor();
    await expect.poll(() => cards.count()).toBe(1);
    // The notice covers the toolbar at the top until it goes, after 5 s; it waits while the pointer rests on it.
    await page.mouse.move(5, 600);
    await keptNotice.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Выбрать все' }).click();
    await page.getByRole('button', { name: 'Переместить в папку…' }).click();
    await page.getByRole('dialog').getByText('Пакетная папка').click();
    await page.getByRole('button', { name: 'Выбрать эту папку' }).click();
    await expect.poll(() => cards.count()).toBe(0);
    const kept = await admin.app.db.selectFrom('assets').select(['id', 'folder_id']).where('id', 'in', ids).execute();
    expect(kept).toEqual([{ id: ids[2], folder_id: (folder.json().data as { id: number }).id }]);
    expect(errors).toEqual([]);
    await context.close();
    // Five uploads, a news item and four reloads of the library: after the other tests of this file, on a busy
    // machine, more than the usual half a minute.
  });
});
