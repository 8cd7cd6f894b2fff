import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Editor } from '@tiptap/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { typesetHtml } from '../../server/content/typography.js';
import { caretAtLineEnd, caretAtTextEnd } from '../helpers/waits.js';
import { logIn, newAdminPage, newSignedInPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/**
 * The rich-text editor in Debian's Chromium against the built server: every toolbar action, saved, shows on the
 * public page exactly as the editor showed it; pastes from Word and Google Docs keep their structure, not their
 * styles; the toolbar offers nothing rich text does not declare (images: tests/admin/richTextImages.browser.test.ts).
 */

const admin = setUpChromiumAdmin();

/** tiptap keeps the editor on its element, which is how the test reads what the editor holds. */
type EditorElement = HTMLElement & { editor: Editor };

interface NewsItem {
  id: number;
  slug: string;
}

async function addNews(title: string): Promise<NewsItem> {
  const { headers } = await userWithToken(admin.app, 'USER');
  const added = await postForm(admin.app, '/api/admin/news/add', headers, { title, content: '<p>Начало.</p>', public_at: daysAgo(1) });
  return added.json().data as NewsItem;
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
  await caretAtTextEnd(page);
  return page;
}

/** The editor's own HTML (what the form saves). */
const editorHtml = (page: Page) => page.evaluate(() => (document.querySelector('.ProseMirror') as EditorElement).editor.getHTML());

const toolbar = (page: Page) => page.locator('.RaRichTextInputToolbar-root');

/** Waits until the editor has the focus back, as a toolbar action gives it back on the next frame. */
const editorFocused = (page: Page) => page.waitForFunction(() => document.activeElement?.classList.contains('ProseMirror'));

/** Clicks a toolbar button, then waits for the cursor to be back in the text. */
async function use(page: Page, name: string): Promise<void> {
  await toolbar(page).getByRole('button', { name, exact: true }).click();
  await editorFocused(page);
}

/** Moves the cursor to the end of the line, once the editor has taken the collapsed selection at its end in. */
async function toLineEnd(page: Page): Promise<void> {
  await page.keyboard.press('End');
  await caretAtLineEnd(page);
}

/** A new paragraph after the current one with `text`, selected. */
async function typeSelected(page: Page, text: string): Promise<void> {
  await toLineEnd(page);
  await page.keyboard.press('Enter');
  await page.keyboard.type(text);
  await page.keyboard.press('Shift+Home');
}

async function chooseLevel(page: Page, level: string): Promise<void> {
  await toolbar(page).getByRole('combobox', { name: 'Вид абзаца' }).click();
  await page.getByRole('option', { name: level, exact: true }).click();
  await editorFocused(page);
}

/** The in-app dialog the toolbar's «Ссылка» opens (never the browser's prompt). */
const linkDialog = (page: Page) => page.getByRole('dialog', { name: 'Ссылка' });

const squeeze = (html: string) => html.replace(/\s+/g, ' ').trim();

describe('the rich-text editor in Chromium', () => {
  it('every toolbar action, saved, shows on the public page exactly as in the editor', async () => {
    const item = await addNews('Все возможности текста');
    const page = await openEditor(item);

    for (const [text, level] of [
      ['Заголовок раздела', 'Заголовок'],
      ['Подзаголовок раздела', 'Подзаголовок'],
      ['Малый подзаголовок раздела', 'Малый подзаголовок'],
      ['Снова обычный текст', 'Заголовок'],
    ] as const) {
      await typeSelected(page, text);
      await chooseLevel(page, level);
    }
    await chooseLevel(page, 'Обычный текст');

    await typeSelected(page, 'Жирный текст');
    await use(page, 'Жирный');
    await typeSelected(page, 'Курсивный текст');
    await use(page, 'Курсив');
    await typeSelected(page, 'Уже не жирный');
    await use(page, 'Жирный');
    await use(page, 'Очистить форматирование');

    await typeSelected(page, 'Ссылка на сайт');
    await toolbar(page).getByRole('button', { name: 'Ссылка', exact: true }).click();
    await linkDialog(page).getByLabel('Адрес ссылки').fill('https://example.com/uslugi');
    await linkDialog(page).getByRole('button', { name: 'Сохранить' }).click();
    await editorFocused(page);
    // A full stop typed right after the link is text, not part of the link.
    await toLineEnd(page);
    await page.keyboard.type('.');

    for (const [text, alignment] of [
      ['По центру', 'По центру'],
      ['Вправо', 'По правому краю'],
      ['По ширине', 'По ширине'],
      ['Снова влево', 'По центру'],
    ] as const) {
      await typeSelected(page, text);
      await use(page, alignment);
    }
    await use(page, 'По левому краю');

    await typeSelected(page, 'Пункт списка');
    await use(page, 'Маркированный список');
    await toLineEnd(page);
    await page.keyboard.press('Enter');
    await typeSelected(page, 'Пункт с номером');
    await use(page, 'Нумерованный список');
    await toLineEnd(page);
    await page.keyboard.press('Enter');
    await typeSelected(page, 'Цитата из отчёта');
    await use(page, 'Цитата');
    await toLineEnd(page);
    await page.keyboard.press('Enter');

    // A table with a header row (header cells, then rows of cells); the header row switched off and on; a second
    // table inserted and deleted.
    await page.keyboard.press('Enter');
    await use(page, 'Вставить таблицу');
    for (const cell of ['Услуга', 'Срок', 'Оценка', 'Консультация', '15 минут', 'бесплатно']) {
      await page.keyboard.type(cell);
      await page.keyboard.press('Tab');
    }
    // In the third row now: a row added under it, then a column beside the first, which goes again; the third row goes.
    await use(page, 'Добавить строку');
    await use(page, 'Добавить столбец');
    await page.keyboard.press('Tab');
    await use(page, 'Удалить столбец');
    await use(page, 'Удалить строку');
    await use(page, 'Строка заголовков');
    await expect.poll(async () => (await editorHtml(page)).includes('<th>')).toBe(false);
    await use(page, 'Строка заголовков');
    await page.locator('.ProseMirror > p').last().click();
    await use(page, 'Вставить таблицу');
    await expect.poll(async () => (await editorHtml(page)).match(/<table>/g)?.length).toBe(2);
    // The table the cursor was in goes with its cells: where the focus lands then is the browser's choice.
    await toolbar(page).getByRole('button', { name: 'Удалить таблицу', exact: true }).click();
    await expect.poll(async () => (await editorHtml(page)).match(/<table>/g)?.length).toBe(1);

    const html = await editorHtml(page);
    for (const part of [
      '<h2>Заголовок раздела</h2>',
      '<h3>Подзаголовок раздела</h3>',
      '<h4>Малый подзаголовок раздела</h4>',
      '<p>Снова обычный текст</p>',
      '<p><strong>Жирный текст</strong></p>',
      '<p><em>Курсивный текст</em></p>',
      '<p>Уже не жирный</p>',
      '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com/uslugi">Ссылка на сайт</a>.</p>',
      '<p class="text-center">По центру</p>',
      '<p class="text-right">Вправо</p>',
      '<p class="text-justify">По ширине</p>',
      '<p>Снова влево</p>',
      '<ul><li><p>Пункт списка</p></li></ul>',
      '<ol><li><p>Пункт с номером</p></li></ol>',
      '<blockquote><p>Цитата из отчёта</p></blockquote>',
      '<table><tbody><tr><th><p>Услуга</p></th><th><p>Срок</p></th><th><p>Оценка</p></th></tr>' +
        '<tr><td><p>Консультация</p></td><td><p>15 минут</p></td><td><p>бесплатно</p></td></tr>' +
        '<tr><td><p></p></td><td><p></p></td><td><p></p></td></tr></tbody></table>',
    ])
      expect(html).toContain(part);
    expect(html).not.toMatch(/style=|<span|<img/);

    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.waitForURL('**/admin/news');
    await page.goto(`/news/${item.slug}`);
    const published = await page.locator('.article__content').evaluate((element) => element.innerHTML);
    // The server typesets the text it stores (non-breaking spaces after short words and numbers); the markup is the editor's.
    expect(squeeze(published)).toBe(squeeze(typesetHtml(html)));
    await page.context().close();
  });

  it('the link dialog finds a record of the site and links its address, which answers 301 after a slug change; it removes a link', async () => {
    const target = await addNews('Итоги годового собрания');
    const page = await openEditor(await addNews('Ссылки на материалы'));
    await typeSelected(page, 'годовое собрание');
    await toolbar(page).getByRole('button', { name: 'Ссылка', exact: true }).click();
    await linkDialog(page).getByLabel('Найти страницу сайта').fill('собрание');
    await linkDialog(page)
      .getByRole('button', { name: /годового собрания/ })
      .click();
    await editorFocused(page);
    const link = `<a target="_blank" rel="noopener noreferrer" href="/news/${target.slug}">годовое собрание</a>`;
    expect(await editorHtml(page)).toContain(link);

    const { headers } = await userWithToken(admin.app, 'USER');
    await postForm(admin.app, `/api/admin/news/update/${target.id}`, headers, { slug: 'itogi-sobraniya' });
    const old = await fetch(`${admin.baseURL}/news/${target.slug}`, { redirect: 'manual' });
    expect([old.status, old.headers.get('location')]).toEqual([301, '/news/itogi-sobraniya']);

    await page.locator('.ProseMirror a').click();
    await toolbar(page).getByRole('button', { name: 'Ссылка', exact: true }).click();
    await expect.poll(() => linkDialog(page).getByLabel('Адрес ссылки').inputValue()).toBe(`/news/${target.slug}`);
    await linkDialog(page).getByRole('button', { name: 'Убрать ссылку' }).click();
    await editorFocused(page);
    expect(await editorHtml(page)).not.toContain('<a ');
    await page.context().close();
  });

  it('the toolbar stays on screen while a long text scrolls, on a desktop and on a 390 px phone', async () => {
    const { headers } = await userWithToken(admin.app, 'USER');
    const content = Array.from({ length: 60 }, (_, index) => `<p>Абзац ${index + 1} длинного текста.</p>`).join('');
    const added = await postForm(admin.app, '/api/admin/news/add', headers, { title: 'Длинный текст', content, public_at: daysAgo(1) });
    const { id } = added.json().data as NewsItem;
    for (const viewport of [
      { width: 1340, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { page, context } = await newSignedInPage(admin, { viewport });
      await page.goto(`/admin/news/${id}`);
      await page.locator('.ProseMirror p').last().scrollIntoViewIfNeeded();
      const layout = await page.evaluate(() => {
        const bar = (document.querySelector('.RaRichTextInputToolbar-root') as HTMLElement).getBoundingClientRect();
        const last = (document.querySelector('.ProseMirror p:last-child') as HTMLElement).getBoundingClientRect();
        return { barTop: bar.top, barBottom: bar.bottom, lastTop: last.top, scrolled: window.scrollY, pageWidth: document.documentElement.scrollWidth };
      });
      expect(layout.scrolled, `${viewport.width}`).toBeGreaterThan(1000);
      expect(layout.barTop, `${viewport.width}`).toBe(0);
      expect(layout.lastTop, `${viewport.width}`).toBeGreaterThanOrEqual(layout.barBottom);
      expect(layout.pageWidth, `${viewport.width}`).toBeLessThanOrEqual(viewport.width);
      // The button under the finger is the toolbar's, not the app bar's.
      await toolbar(page).getByRole('button', { name: 'Жирный', exact: true }).click({ trial: true });
      await context.close();
    }
  });

  it('on a phone the public page shows alignment and a wide table scrolls in its own box, not the page', async () => {
    const { headers } = await userWithToken(admin.app, 'USER');
    const cells = (tag: string, words: string[]) => words.map((word) => `<${tag}><p>${word}</p></${tag}>`).join('');
    const columns = ['Услуга', 'Срок', 'Стоимость', 'Подразделение', 'Ответственный', 'Документы', 'Примечание'];
    const added = await postForm(admin.app, '/api/admin/news/add', headers, {
      title: 'Широкая таблица',
      public_at: daysAgo(1),
      content:
        '<p class="text-center">По центру</p><p class="text-right">Справа</p><p class="text-justify">По ширине</p>' +
        `<table><tbody><tr>${cells('th', columns)}</tr><tr>${cells(
          'td',
          columns.map((column) => `${column}: длинное значение`),
        )}</tr></tbody></table>`,
    });
    const { slug } = added.json().data as NewsItem;
    const { page, context } = await newAdminPage(admin, { viewport: { width: 390, height: 844 } });
    await page.goto(`/news/${slug}`);
    const layout = await page.evaluate(() => {
      const table = document.querySelector('.article__content table') as HTMLElement;
      const aligned = [...document.querySelectorAll('.article__content p[class]')].map((paragraph) => getComputedStyle(paragraph).textAlign);
      return { pageWidth: document.documentElement.scrollWidth, tableBox: table.clientWidth, tableContent: table.scrollWidth, aligned };
    });
    expect(layout.pageWidth).toBeLessThanOrEqual(390);
    expect(layout.tableBox).toBeLessThanOrEqual(390);
    expect(layout.tableContent).toBeGreaterThan(layout.tableBox);
    expect(layout.aligned).toEqual(['center', 'right', 'justify']);
    await page.locator('.article__content table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(tmpdir(), 'rich-text-390.png') });
    await context.close();
  });

  it('a paste from Word or Google Docs keeps headings, lists, tables and links, without styles or colours', async () => {
    const item = await addNews('Вставка из редакторов');
    const page = await openEditor(item);
    for (const [source, clipboard] of Object.entries(CLIPBOARD)) {
      await page.evaluate(() => (document.querySelector('.ProseMirror') as EditorElement).editor.commands.clearContent());
      await page.evaluate((html) => {
        const data = new DataTransfer();
        data.setData('text/html', html);
        data.setData('text/plain', 'Текст');
        document.querySelector('.ProseMirror')?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, clipboard);
      const html = await editorHtml(page);
      expect(html, source).toContain('<h2>Итоги года</h2>');
      expect(html, source).toContain('<strong>Важно</strong>');
      expect(html, source).toContain('<a target="_blank" rel="noopener noreferrer" href="https://example.com/otchet">отчёт</a>');
      expect(html, source).toMatch(/<(ul|ol)><li><p>Первый пункт<\/p><\/li><li><p>Второй пункт<\/p><\/li><\/(ul|ol)>/);
      expect(html, source).toContain(
        '<table><tbody><tr><td><p>Услуга</p></td><td><p>Срок</p></td></tr><tr><td><p>Оценка</p></td><td><p>15 минут</p></td></tr></tbody></table>',
      );
      expect(html, source).not.toMatch(/style=|<span|color|Mso|docs-internal|font|<b[ >]|id=|colwidth/i);
    }
    await page.context().close();
  });

  it('the toolbar offers exactly what rich text declares: no colours, highlights or fonts, images from the library only', async () => {
    const item = await addNews('Панель инструментов');
    const page = await openEditor(item);
    const labels = await toolbar(page)
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((element) => element.getAttribute('aria-label')));
    expect(labels.sort()).toEqual(
      [
        'Жирный',
        'Курсив',
        'По левому краю',
        'По центру',
        'По правому краю',
        'По ширине',
        'Маркированный список',
        'Нумерованный список',
        'Ссылка',
        'Цитата',
        'Вставить таблицу',
        'Добавить строку',
        'Удалить строку',
        'Добавить столбец',
        'Удалить столбец',
        'Строка заголовков',
        'Удалить таблицу',
        'Изображение',
        'Очистить форматирование',
      ].sort(),
    );
    await toolbar(page).getByRole('combobox', { name: 'Вид абзаца' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Обычный текст', 'Заголовок', 'Подзаголовок', 'Малый подзаголовок']);
    await page.keyboard.press('Escape');
    // The schema behind the toolbar: what typing shortcuts or a paste could produce is no more than the buttons.
    const schema = await page.evaluate(() => {
      const { schema: editorSchema } = (document.querySelector('.ProseMirror') as EditorElement).editor;
      return { nodes: Object.keys(editorSchema.nodes).sort(), marks: Object.keys(editorSchema.marks).sort() };
    });
    expect(schema).toEqual({
      nodes: [
        'blockquote',
        'bulletList',
        'doc',
        'hardBreak',
        'heading',
        'listItem',
        'orderedList',
        'paragraph',
        'table',
        'tableCell',
        'tableHeader',
        'tableRow',
        'text',
        'textImage',
      ],
      marks: ['bold', 'italic', 'link'],
    });
    await page.context().close();
  });
});

/** What Word and Google Docs put on the clipboard (abridged from real copies): styles, classes, wrappers, list markers. */
const CLIPBOARD = {
  word:
    `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><head><style>p.MsoNormal{margin:0cm;font-family:"Calibri"}</style></head>` +
    `<body lang=RU style='tab-interval:35.4pt'><!--StartFragment--><h1 style='margin-top:12.0pt'><span style='font-size:16.0pt;color:#2F5496'>Итоги года</span></h1>` +
    `<p class=MsoNormal align=center style='text-align:center'><b><span style='color:red'>Важно</span></b><span style='font-family:"Times New Roman"'>: см. </span>` +
    `<a href="https://example.com/otchet"><span style='color:#0563C1'>отчёт</span></a><o:p></o:p></p>` +
    `<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Первый пункт<o:p></o:p></p>` +
    `<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Второй пункт<o:p></o:p></p>` +
    `<table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0 style='border-collapse:collapse;border:none'><tr><td width=200 valign=top style='width:150pt;background:yellow'><p class=MsoNormal>Услуга</p></td>` +
    `<td width=200 valign=top style='width:150pt'><p class=MsoNormal>Срок</p></td></tr><tr><td><p class=MsoNormal>Оценка</p></td><td><p class=MsoNormal><span style='color:green'>15 минут</span></p></td></tr></table>` +
    `<!--EndFragment--></body></html>`,
  googleDocs:
    `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-3c1f2a7e-7fff-5d2b-88a1-0c6e4bd0a1f2">` +
    `<h1 dir="ltr" style="line-height:1.38;margin-top:20pt;"><span style="font-size:20pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;">Итоги года</span></h1>` +
    `<p dir="ltr" style="line-height:1.38;text-align:center;"><span style="font-size:11pt;color:#ff0000;background-color:#ffff00;font-weight:700;">Важно</span>` +
    `<span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;">: см. </span><a href="https://example.com/otchet" style="text-decoration:none;">` +
    `<span style="font-size:11pt;color:#1155cc;text-decoration:underline;">отчёт</span></a></p>` +
    `<ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;" aria-level="1"><p dir="ltr" style="line-height:1.38;" role="presentation"><span style="font-size:11pt;">Первый пункт</span></p></li>` +
    `<li dir="ltr" style="list-style-type:disc;font-size:11pt;" aria-level="1"><p dir="ltr" style="line-height:1.38;" role="presentation"><span style="font-size:11pt;">Второй пункт</span></p></li></ul>` +
    `<div dir="ltr" style="margin-left:0pt;" align="left"><table style="border:none;border-collapse:collapse;"><colgroup><col width="200"><col width="200"></colgroup><tbody>` +
    `<tr style="height:0pt"><td style="border-left:solid #000000 1pt;vertical-align:top;padding:5pt;"><p dir="ltr"><span style="font-size:11pt;">Услуга</span></p></td>` +
    `<td style="vertical-align:top;padding:5pt;"><p dir="ltr"><span style="font-size:11pt;">Срок</span></p></td></tr>` +
    `<tr style="height:0pt"><td style="padding:5pt;"><p dir="ltr"><span>Оценка</span></p></td><td style="padding:5pt;"><p dir="ltr"><span style="color:#38761d;">15 минут</span></p></td></tr></tbody></table></div></b>`,
};
