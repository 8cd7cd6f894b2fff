import type { Editor } from '@tiptap/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pngImage, postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { logIn, newAdminPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/**
 * Images inside rich text in Debian's Chromium against the built server: an editor inserts a picture of the media
 * library into a news item with its alt text, and the public page shows it as covers are shown; files dropped or
 * pasted into the text go into the library one by one (a refused one named, the others going on, the same bytes
 * reusing their asset) and into the text.
 */

const admin = setUpChromiumAdmin();

type EditorElement = HTMLElement & { editor: Editor };

interface NewsItem {
  id: number;
  slug: string;
}

interface UploadedAsset {
  id: number;
  name: string;
  url: string;
}

async function staff() {
  return (await userWithToken(admin.app, 'USER')).headers;
}

async function addNews(title: string): Promise<NewsItem> {
  const added = await postForm(admin.app, '/api/admin/news/add', await staff(), { title, content: '<p>Начало.</p>', public_at: daysAgo(1) });
  return added.json().data as NewsItem;
}

async function uploadAsset(filename: string, data: Buffer, details: { alt?: string } = {}): Promise<UploadedAsset> {
  const headers = await staff();
  const answer = (await postForm(admin.app, '/api/admin/assets/upload', headers, {}, [{ field: 'file', filename, data, type: 'image/png' }])).json();
  const asset = (answer.asset ?? answer.duplicate) as UploadedAsset;
  if (details.alt !== undefined) {
    const changed = await admin.app.inject({ method: 'PUT', url: `/api/admin/assets/${asset.id}`, headers, payload: details });
    expect(changed.statusCode, changed.body).toBe(200);
  }
  return asset;
}

/** Signs in and opens the news item's edit screen, with the cursor at the end of its text. */
async function openEditor(item: NewsItem): Promise<Page> {
  const { page } = await newAdminPage(admin);
  await logIn(page);
  await page.goto(`/admin/news/${item.id}`);
  const editor = page.locator('.ProseMirror');
  await editor.waitFor();
  await expect.poll(() => editor.textContent()).toBe('Начало.');
  await editor.click();
  await page.keyboard.press('Control+End');
  // The editor reads the caret from the browser's selection events, which a busy host may deliver after the next
  // step: what is pasted goes where the editor has the caret, so wait until it is at the end of the text.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const { state } = (document.querySelector('.ProseMirror') as EditorElement).editor;
        return state.selection.to === state.doc.content.size - 1;
      }),
    )
    .toBe(true);
  return page;
}

const editorHtml = (page: Page) => page.evaluate(() => (document.querySelector('.ProseMirror') as EditorElement).editor.getHTML());

/** The shown image of a public page's text, as the browser has it. */
const shownImage = (page: Page) =>
  page.locator('.article__content figure').evaluate((figure) => {
    const image = figure.querySelector('picture > img') as HTMLImageElement;
    return {
      figureClass: figure.className,
      sources: [...figure.querySelectorAll('picture > source')].map((source) => ({ type: source.getAttribute('type'), srcset: source.getAttribute('srcset') })),
      alt: image.getAttribute('alt'),
      width: image.getAttribute('width'),
      height: image.getAttribute('height'),
      loading: image.getAttribute('loading'),
      loaded: image.complete && image.naturalWidth > 0,
      caption: figure.querySelector('figcaption')?.textContent ?? null,
    };
  });

describe('images inside rich text in Chromium', () => {
  it('an editor inserts an image of the library with its alt text; the public page shows it with alt, srcset and its size', async () => {
    const asset = await uploadAsset('ofis-foto.png', await pngImage(1200, 800, '#2a6f97'), { alt: 'Офис компании' });
    const item = await addNews('Новость с изображением в тексте');
    const page = await openEditor(item);

    await page.getByRole('button', { name: 'Изображение', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Выбор из медиатеки' });
    await picker.getByRole('button', { name: `Выбрать «${asset.name}»` }).click();
    const details = page.getByRole('dialog', { name: 'Изображение в тексте' });
    const alt = details.getByRole('textbox', { name: 'Описание изображения (alt)' });
    // The asset's alt text is offered; an emptied one is asked for unless the image is marked decorative.
    expect(await alt.inputValue()).toBe('Офис компании');
    await alt.fill('');
    await details.getByRole('button', { name: 'Вставить' }).click();
    await expect.poll(() => details.getByText('Опишите изображение или отметьте его как декоративное.').count()).toBe(1);
    await alt.fill('Офис компании на набережной');
    await details.getByRole('radio', { name: 'Половина ширины' }).check();
    await details.getByRole('textbox', { name: 'Подпись под изображением' }).fill('Наш офис');
    await details.getByRole('button', { name: 'Вставить' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const figure = `<figure class="image-half"><img src="/api/assets/${asset.id}/file" alt="Офис компании на набережной"><figcaption>Наш офис</figcaption></figure>`;
    await expect.poll(() => editorHtml(page)).toContain(figure);
    // The image shows in the editor, at the chosen width.
    const inEditor = page.locator('.ProseMirror figure img');
    await expect.poll(() => inEditor.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1200);

    // Selected, the same button changes its details: the width goes back to the whole column.
    await page.locator('.ProseMirror figure').click();
    await page.getByRole('button', { name: 'Изменить изображение', exact: true }).click();
    const change = page.getByRole('dialog', { name: 'Изображение в тексте' });
    expect(await change.getByRole('textbox', { name: 'Описание изображения (alt)' }).inputValue()).toBe('Офис компании на набережной');
    await change.getByRole('radio', { name: 'Во всю ширину текста' }).check();
    await change.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => editorHtml(page)).toContain(figure.replace('image-half', 'image-full'));

    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.waitForURL('**/admin/news');
    const uses = (await admin.app.inject({ url: `/api/admin/assets/${asset.id}/uses`, headers: await staff() })).json();
    expect(uses).toEqual([expect.objectContaining({ resource: 'news', record_id: item.id, field: 'content' })]);

    await page.goto(`/news/${item.slug}`);
    const shown = await shownImage(page);
    expect(shown).toMatchObject({
      figureClass: 'image-full',
      alt: 'Офис компании на набережной',
      width: '1200',
      height: '800',
      loading: 'lazy',
      caption: 'Наш офис',
    });
    expect(shown.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    for (const source of shown.sources) expect(source.srcset).toMatch(/^\/uploads\/assets\/\S+-480\.\w+ 480w, \S+-960\.\w+ 960w, \S+-1200\.\w+ 1200w$/);
    await page.locator('.article__content figure').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await shownImage(page)).loaded).toBe(true);
    await page.context().close();
  });

  it('files dropped or pasted into the text go into the library one by one and into the text; a refused one is named, a known one reused', async () => {
    const known = await pngImage(500, 300, '#8a3b12');
    const existing = await uploadAsset('uzhe-est.png', known, { alt: 'Уже в библиотеке' });
    const fresh = await pngImage(640, 480, '#127a3b');
    const countAssets = async () =>
      Number(
        (
          await admin.app.db
            .selectFrom('assets')
            .select((eb) => eb.fn.countAll().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const before = await countAssets();
    const item = await addNews('Новость с перетащенными изображениями');
    const page = await openEditor(item);

    // A paste of four files: a new picture, one the library holds already, a broken picture and a document.
    await page.evaluate(
      (files) => {
        const data = new DataTransfer();
        for (const file of files) data.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.type }));
        document.querySelector('.ProseMirror')?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      [
        { name: 'novoe.png', type: 'image/png', base64: fresh.toString('base64') },
        { name: 'kopiya.png', type: 'image/png', base64: known.toString('base64') },
        { name: 'bityi.png', type: 'image/png', base64: Buffer.from('это не картинка').toString('base64') },
        { name: 'prais.pdf', type: 'application/pdf', base64: Buffer.from('%PDF-1.4').toString('base64') },
      ],
    );
    const uploads = page.getByRole('list', { name: 'Изображения, загружаемые в текст' });
    const row = (name: string) => uploads.getByRole('listitem', { name });
    await expect.poll(() => row('novoe.png').textContent()).toContain('Загружено');
    await expect.poll(() => row('kopiya.png').textContent()).toContain('Уже есть в библиотеке');
    await expect.poll(() => row('bityi.png').getByRole('alert').textContent()).toMatch(/^«bityi\.png»: /);
    expect(await row('prais.pdf').getByRole('alert').textContent()).toBe('«prais.pdf»: в текст можно вставить только изображение (JPG, PNG, WebP, GIF, SVG).');

    // Both pictures are in the text, in the order they came; the known one with its asset's alt text, the new one
    // not yet described (outlined until it is).
    const images = async () =>
      [...(await editorHtml(page)).matchAll(/<img src="\/api\/assets\/(\d+)\/file"( alt="[^"]*")?>/g)].map((match) => ({
        id: Number(match[1]),
        alt: match[2] ?? null,
      }));
    await expect.poll(async () => (await images()).length).toBe(2);
    const [first, second] = await images();
    expect(second).toEqual({ id: existing.id, alt: ' alt="Уже в библиотеке"' });
    expect(first?.alt).toBeNull();
    expect(first?.id).not.toBe(existing.id);
    // Exactly one asset was added: the new picture.
    expect(await countAssets()).toBe(before + 1);

    // A drop of a file puts it where it was dropped: before the first paragraph.
    const dropped = await pngImage(300, 200, '#553377');
    await page.evaluate((base64) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'broshen.png', { type: 'image/png' }));
      const target = document.querySelector('.ProseMirror > p') as HTMLElement;
      const box = target.getBoundingClientRect();
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true, clientX: box.left + 1, clientY: box.top + 1 }));
    }, dropped.toString('base64'));
    await expect.poll(() => row('broshen.png').textContent()).toContain('Загружено');
    await expect.poll(async () => (await images()).length).toBe(3);
    expect(await editorHtml(page)).toMatch(/^<figure class="image-full"><img src="\/api\/assets\/\d+\/file"><\/figure><p>Начало\.<\/p>/);
    await page.context().close();
  });
});
