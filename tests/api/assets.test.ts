import { createHash } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptUploads } from '../../server/assets/adopt.js';
import { UNKNOWN_TEXT_IMAGE_MESSAGE } from '../../server/assets/uses.js';
import { renderDocumentPdf } from '../../server/demo/images.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { startObjectStorage, type TestObjectStorage } from '../helpers/s3.js';
import { adminHeaders, jpegImage, keysOfImage, leaveLibrary, libraryHolding, listFiles, pngImage, postForm, type FilePart } from './admin-helpers.js';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

interface Asset {
  id: number;
  folder_id: number | null;
  folder_name: string | null;
  kind: string;
  format: string;
  name: string;
  size: number;
  width: number | null;
  url: string;
  thumbnail: string | null;
  uses: number;
  version: number;
  variants?: { src: string; width: number; format: string }[];
}

const picture = (filename: string, data: Buffer): FilePart => ({ field: 'file', filename, data, type: 'image/png' });

type Element = DefaultTreeAdapterTypes.Element;

const attributesOf = (element: Element): Record<string, string> => Object.fromEntries(element.attrs.map((attr) => [attr.name, attr.value]));

/** Every element of markup, depth first. */
function elementsIn(html: string): Element[] {
  const elements: Element[] = [];
  const visit = (node: DefaultTreeAdapterTypes.ParentNode) => {
    for (const child of node.childNodes) {
      if ('tagName' in child) {
        elements.push(child);
        visit(child);
      }
    }
  };
  visit(parseFragment(html));
  return elements;
}

/** The one image of a page's rich text as shown: its picture's sources, its `img` and its figure's caption. */
function textPictureIn(html: string) {
  const elements = elementsIn(html);
  const ofTag = (tag: string) => elements.filter((element) => element.tagName === tag);
  expect(ofTag('picture')).toHaveLength(1);
  return {
    sources: ofTag('source').map(attributesOf),
    img: attributesOf(ofTag('img')[0]!),
    caption: ofTag('figcaption')[0]
      ?.childNodes.map((node) => ('value' in node ? node.value : ''))
      .join(''),
  };
}

/** The library's routes as the admin calls them, for one app and one session. */
function library(t: () => TestApp, headers: () => Record<string, string>) {
  const json = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, extra: Record<string, string> = {}) =>
    t().app.inject({ method, url, headers: { ...headers(), ...extra }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    json,
    upload: (file: FilePart, fields: Record<string, string | number> = {}) => postForm(t().app, '/api/admin/assets/upload', headers(), fields, [file]),
    replace: (id: number, file: FilePart) => postForm(t().app, `/api/admin/assets/${id}/replace`, headers(), {}, [file]),
    list: async (filter: Record<string, unknown> = {}) => {
      const response = await json('GET', `/api/admin/assets?filter=${encodeURIComponent(JSON.stringify(filter))}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as Asset[];
    },
    one: async (id: number) => (await json('GET', `/api/admin/assets/${id}`)).json().data as Asset,
    folder: async (name: string, parent: number | null = null) => {
      const response = await json('POST', '/api/admin/asset-folders', { name, parent_id: parent });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { id: number; version: number };
    },
    uses: async (id: number) =>
      (await json('GET', `/api/admin/assets/${id}/uses`)).json() as {
        resource: string;
        record_id: number;
        field: string;
        title: string;
        admin_path: string;
        published: boolean;
      }[],
  };
}

describe.each(await testDialects())('the media library on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const lib = library(
    () => t,
    () => headers,
  );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await adminHeaders(t.app, 'USER');
  });
  afterAll(() => t.close());

  it('uploads several files one per request: a bad one is refused with its name, the others are stored', async () => {
    const before = await listFiles(t.config.uploadsDir);
    const answers = [
      await lib.upload(picture('Цех.png', await pngImage(1200, 800))),
      await lib.upload(picture('вирус.png', Buffer.from('<html>not a picture</html>'))),
      await lib.upload({ field: 'file', filename: 'Отчёт.pdf', data: renderDocumentPdf('Report'), type: 'application/pdf' }),
      await lib.upload(picture('огромный.png', Buffer.concat([await pngImage(10, 10), Buffer.alloc(11 * 1024 * 1024, 1)]))),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 415, 201, 413]);
    expect(answers[1]!.json().message).toBe('«вирус.png»: Содержимое файла не соответствует расширению .png.');
    expect(answers[3]!.json().message).toBe('«огромный.png»: Изображение больше допустимых 10 МБ.');
    const [image, document] = [answers[0]!.json().asset as Asset, answers[2]!.json().asset as Asset];
    expect(image).toMatchObject({ kind: 'image', format: 'png', name: 'Цех.png', width: 1200, uses: 0, folder_id: null });
    expect(image.thumbnail).toMatch(/-480\.webp$/);
    expect(document).toMatchObject({ kind: 'document', format: 'pdf', name: 'Отчёт.pdf', width: null, url: `/api/assets/${document.id}/file` });
    expect((await lib.one(image.id)).variants?.length).toBeGreaterThan(0);
    const added = (await listFiles(t.config.uploadsDir)).filter((file) => !before.includes(file));
    expect(added.length).toBeGreaterThan(2);
    expect(added.every((file) => file.startsWith(`assets${path.sep}`))).toBe(true);
  });

  it('offers the asset holding the same bytes instead of storing them again', async () => {
    const bytes = await pngImage(300, 200, '#123456');
    const first = (await lib.upload(picture('один.png', bytes))).json().asset as Asset;
    const files = await listFiles(t.config.uploadsDir);
    const again = await lib.upload(picture('другое имя.png', bytes));
    expect(again.statusCode).toBe(200);
    expect(again.json().duplicate).toMatchObject({ id: first.id, name: 'один.png' });
    expect(await listFiles(t.config.uploadsDir)).toEqual(files);
  });

  it('keeps folders: unique names among siblings, no cycles, moves, filters and search by folder name, only empty ones removed', async () => {
    const top = await lib.folder('Фото 2026');
    const inner = await lib.folder('Завод', top.id);
    const deepest = await lib.folder('Цех №1', inner.id);
    const taken = await lib.json('POST', '/api/admin/asset-folders', { name: 'Завод', parent_id: top.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ name: ['Здесь уже есть папка с таким названием.'] });
    expect((await lib.json('POST', '/api/admin/asset-folders', { name: 'Завод', parent_id: null })).statusCode).toBe(200);
    const cycle = await lib.json('PUT', `/api/admin/asset-folders/${top.id}`, { parent_id: deepest.id });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors).toEqual({ parent_id: ['Папку нельзя перенести в неё саму или во вложенную в неё папку.'] });
    expect((await lib.json('PUT', `/api/admin/asset-folders/${top.id}`, { parent_id: top.id })).statusCode).toBe(400);

    const a = (await lib.upload(picture('a.png', await pngImage(50, 50, '#010101')))).json().asset as Asset;
    const b = (await lib.upload(picture('b.png', await pngImage(50, 50, '#020202')), { folder_id: top.id })).json().asset as Asset;
    expect(b.folder_id).toBe(top.id);
    const moved = await lib.json('POST', '/api/admin/assets/move', { ids: [a.id, b.id], folder_id: deepest.id });
    expect(moved.json()).toEqual({ moved: 2 });
    expect((await lib.list({ folder_id: deepest.id })).map((asset) => asset.id).sort()).toEqual([a.id, b.id].sort());
    expect((await lib.list({ q: 'Цех №' })).map((asset) => asset.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await lib.list({ folder_id: deepest.id }))[0]?.folder_name).toBe('Цех №1');
    expect((await lib.list({ kind: 'document', folder_id: deepest.id })).length).toBe(0);
    expect((await lib.list({ created_from: '2000-01-01', created_to: '2000-12-31' })).length).toBe(0);
    expect((await lib.json('POST', '/api/admin/assets/move', { ids: [a.id], folder_id: 999_999 })).statusCode).toBe(400);

    const notEmpty = await lib.json('DELETE', `/api/admin/asset-folders/${deepest.id}`);
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json().message).toBe('Папка не пуста: сначала перенесите или удалите файлы и папки в ней.');
    await lib.json('POST', '/api/admin/assets/move', { ids: [a.id, b.id], folder_id: null });
    expect((await lib.json('DELETE', `/api/admin/asset-folders/${deepest.id}`)).statusCode).toBe(200);
  });

  it('knows where an asset is used (a cover, a link in text), refuses its removal until confirmed, then trashes it', async () => {
    const cover = (await lib.upload(picture('обложка.png', await pngImage(800, 500, '#445566')))).json().asset as Asset;
    const pdf = (await lib.upload({ field: 'file', filename: 'Прайс.pdf', data: renderDocumentPdf('Price'), type: 'application/pdf' })).json().asset as Asset;
    const added = await lib.json('POST', '/api/admin/news/add', {
      title: 'Новость с обложкой из медиатеки',
      public_at: daysAgo(1),
      image: { asset: cover.id },
      content: `<p>См. <a href="${pdf.url}">прайс</a> и <a href="${cover.url}">обложку</a>.</p>`,
    });
    expect(added.statusCode, added.body).toBe(200);
    const news = added.json().data;
    expect(news.image.src).toBe(cover.url);
    expect(await lib.uses(cover.id)).toEqual([
      { resource: 'news', record_id: news.id, field: 'content', title: news.title, admin_path: `/news/${news.id}`, published: true },
      { resource: 'news', record_id: news.id, field: 'image', title: news.title, admin_path: `/news/${news.id}`, published: true },
    ]);
    expect((await lib.one(cover.id)).uses).toBe(2);
    expect(await lib.uses(pdf.id)).toEqual([
      { resource: 'news', record_id: news.id, field: 'content', title: news.title, admin_path: `/news/${news.id}`, published: true },
    ]);
    // A picture where a document is expected is refused in Russian.
    const wrong = await lib.json('POST', '/api/admin/news/add', { title: 'Неверно', public_at: daysAgo(1), image: { asset: pdf.id } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.image[0]).toMatch(/^Это поле принимает файлы/);
    expect((await lib.json('POST', '/api/admin/news/add', { title: 'Нет', public_at: daysAgo(1), image: { asset: 999_999 } })).json().errors).toEqual({
      image: ['Такого файла в медиатеке нет.'],
    });

    const refused = await lib.json('DELETE', `/api/admin/assets/${cover.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/используется/), uses: [{ record_id: news.id }, { record_id: news.id }] });
    // Once the record lets go, the asset is unused and goes to the trash; its files stay until the trash is emptied.
    expect((await lib.json('POST', `/api/admin/news/remove-img/${news.id}`)).statusCode).toBe(200);
    await lib.json('POST', `/api/admin/news/update/${news.id}`, { content: '<p>Без ссылок.</p>' });
    expect(await lib.uses(cover.id)).toEqual([]);
    const keys = keysOfImage(await (async () => ({ src: cover.url, variants: (await lib.one(cover.id)).variants ?? [] }))());
    expect((await lib.json('DELETE', `/api/admin/assets/${cover.id}`)).statusCode).toBe(200);
    expect((await lib.json('GET', `/api/admin/assets/${cover.id}`)).statusCode).toBe(404);
    for (const key of keys) expect(await exists(path.join(t.config.uploadsDir, key))).toBe(true);
    const manager = await adminHeaders(t.app, 'MANAGER');
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/trash/empty', headers: manager })).statusCode).toBe(200);
    for (const key of keys) expect(await exists(path.join(t.config.uploadsDir, key))).toBe(false);

    // With the uses seen, a used asset may go too; the record keeps its file.
    expect((await lib.json('DELETE', `/api/admin/assets/${pdf.id}?confirm=uses`)).statusCode).toBe(200);
  });

  it("restores a removed asset from the trash with its files, which are the library's again", async () => {
    const asset = (await lib.upload(picture('вернуть.png', await pngImage(70, 40, '#0c0c0c')))).json().asset as Asset;
    expect((await lib.json('DELETE', `/api/admin/assets/${asset.id}`)).statusCode).toBe(200);
    expect(await libraryHolding(t.app, asset.url)).toBeNull();
    expect((await lib.json('POST', `/api/admin/trash/restore/assets/${asset.id}`)).statusCode).toBe(200);
    expect(await lib.one(asset.id)).toMatchObject({ id: asset.id, name: 'вернуть.png', url: asset.url });
    expect(await libraryHolding(t.app, asset.url)).toEqual({ assetId: asset.id, usedBy: [] });
  });

  it('replacing a picture keeps the old files a record in the trash names: restored, it shows them', async () => {
    const asset = (await lib.upload(picture('в корзине.png', await pngImage(400, 300, '#1d1d1d')))).json().asset as Asset;
    const old = await lib.one(asset.id);
    const news = (await lib.json('POST', '/api/admin/news/add', { title: 'Удалённая с обложкой', public_at: daysAgo(1), image: { asset: asset.id } })).json()
      .data;
    expect((await lib.json('POST', `/api/admin/news/remove/${news.id}`)).statusCode).toBe(200);
    expect((await lib.replace(asset.id, picture('новая.png', await pngImage(400, 300, '#2e2e2e')))).statusCode).toBe(200);
    const oldKeys = keysOfImage({ src: old.url, variants: old.variants ?? [] });
    for (const key of oldKeys) expect(await exists(path.join(t.config.uploadsDir, key))).toBe(true);
    expect((await lib.json('POST', `/api/admin/trash/restore/news/${news.id}`)).statusCode).toBe(200);
    const restored = (await t.app.inject(`/api/news/item/${news.slug}`)).json().data;
    expect(restored.image.src).toBe(old.url);
    expect((await t.app.inject(old.url)).statusCode).toBe(200);
  });

  it('names the uses of an asset, published ones marked; keeps the replaced file (staff only) until «revert-file» puts it back everywhere', async () => {
    const asset = (await lib.upload(picture('прежняя.png', await pngImage(800, 600, '#884400')))).json().asset as Asset;
    const old = await lib.one(asset.id);
    const add = async (title: string, published: number) =>
      (await lib.json('POST', '/api/admin/news/add', { title, published, public_at: daysAgo(1), image: { asset: asset.id } })).json().data as {
        id: number;
        slug: string;
      };
    const shown = await add('Опубликована с картинкой', 1);
    const draft = await add('Черновик с картинкой', 0);
    const uses = await lib.uses(asset.id);
    expect(uses.map(({ record_id, published }) => ({ record_id, published }))).toEqual([
      { record_id: shown.id, published: true },
      { record_id: draft.id, published: false },
    ]);
    expect((await lib.json('POST', `/api/admin/assets/${asset.id}/revert-file`)).statusCode).toBe(409);

    const replaced = await lib.replace(asset.id, picture('новая.png', await pngImage(500, 500, '#004488')));
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = await lib.one(asset.id);
    const previous = (after as Asset & { previous_file: { url: string; format: string } | null }).previous_file;
    expect(previous).toMatchObject({ url: old.url, format: 'png' });
    // The kept file is no page's any more: the staff may look at it, visitors may not.
    expect((await t.app.inject(old.url)).statusCode).toBe(404);
    expect((await t.app.inject({ url: old.url, headers })).statusCode).toBe(200);
    const page = async () => (await t.app.inject(`/api/news/item/${shown.slug}`)).json().data as { image: { src: string } };
    expect((await page()).image.src).toBe(after.url);

    const reverted = await lib.json('POST', `/api/admin/assets/${asset.id}/revert-file`);
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json().data).toMatchObject({ id: asset.id, url: old.url, width: 800, previous_file: null });
    expect((await page()).image.src).toBe(old.url);
    expect((await t.app.inject(old.url)).statusCode).toBe(200);
    // The replacing file is gone, and there is nothing more to undo.
    for (const key of keysOfImage({ src: after.url, variants: after.variants ?? [] })) expect(await exists(path.join(t.config.uploadsDir, key))).toBe(false);
    expect((await lib.json('POST', `/api/admin/assets/${asset.id}/revert-file`)).statusCode).toBe(409);
  });

  it('an image inserted into text is a use of its asset, shown as covers are, and a replaced file shows there with its own variants at the same address', async () => {
    const asset = (await lib.upload(picture('офис.png', await pngImage(1600, 900, '#336699')))).json().asset as Asset;
    const figure = `<figure class="image-half"><img src="/api/assets/${asset.id}/file" alt="Наш офис"><figcaption>Офис компании</figcaption></figure>`;
    const news = (
      await lib.json('POST', '/api/admin/news/add', { title: 'Новость с картинкой в тексте', public_at: daysAgo(1), content: `<p>Текст.</p>${figure}` })
    ).json().data;
    expect(news.content).toBe(`<p>Текст.</p>${figure}`);
    expect(await lib.uses(asset.id)).toEqual([
      { resource: 'news', record_id: news.id, field: 'content', title: news.title, admin_path: `/news/${news.id}`, published: true },
    ]);
    expect((await lib.json('DELETE', `/api/admin/assets/${asset.id}`)).statusCode).toBe(409);

    const shown = async () => textPictureIn((await t.app.inject(`/api/news/item/${news.slug}`)).json().data.content);
    const variantsOf = (one: Asset, format: string) =>
      (one.variants ?? [])
        .filter((variant) => variant.format === format)
        .sort((a, b) => a.width - b.width)
        .map((variant) => `${variant.src} ${variant.width}w`)
        .join(', ');
    const before = await lib.one(asset.id);
    expect(await shown()).toEqual({
      sources: [
        { type: 'image/avif', srcset: variantsOf(before, 'avif'), sizes: '(min-width: 992px) 440px, (min-width: 576px) 50vw, 100vw' },
        { type: 'image/webp', srcset: variantsOf(before, 'webp'), sizes: '(min-width: 992px) 440px, (min-width: 576px) 50vw, 100vw' },
      ],
      img: { src: asset.url, alt: 'Наш офис', width: '1600', height: '900', loading: 'lazy', decoding: 'async' },
      caption: 'Офис компании',
    });

    const replaced = await lib.replace(asset.id, picture('офис-2.png', await pngImage(1000, 1000, '#993366')));
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = await lib.one(asset.id);
    // The text keeps the asset's address; the page shows the new file, its variants and its size.
    expect((await lib.json('GET', `/api/admin/news/${news.id}`)).json().data.content).toBe(`<p>Текст.</p>${figure}`);
    const now = await shown();
    expect(now.img).toMatchObject({ src: after.url, width: '1000', height: '1000' });
    expect(now.sources.map((source) => source.srcset)).toEqual([variantsOf(after, 'avif'), variantsOf(after, 'webp')]);
    expect(variantsOf(after, 'webp')).not.toBe(variantsOf(before, 'webp'));
    expect(await lib.uses(asset.id)).toHaveLength(1);

    // Removed with its uses seen, the asset's image leaves the page with its figure; the text around it stays.
    expect((await lib.json('DELETE', `/api/admin/assets/${asset.id}?confirm=uses`)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/news/item/${news.slug}`)).json().data.content).toBe('<p>Текст.</p>');
  });

  it('a page shows each image of its text: a document or a missing asset leaves with its figure, and text or alt text that looks like markup stays text', async () => {
    const office = (await lib.upload(picture('цех.png', await pngImage(800, 600, '#669933')))).json().asset as Asset;
    const pdf = (await lib.upload({ field: 'file', filename: 'Схема.pdf', data: renderDocumentPdf('Plan'), type: 'application/pdf' })).json().asset as Asset;
    const image = (id: number, alt: string, width = 'full') => `<figure class="image-${width}"><img src="/api/assets/${id}/file" alt="${alt}"></figure>`;
    const lookalike = `&lt;figure class="image-full"&gt;&lt;img src="/api/assets/${office.id}/file" alt=""&gt;&lt;/figure&gt;`;
    const content =
      // Stored HTML escapes < in text, not in attribute values.
      `<p>${lookalike} <a href="/a?x=&quot;<figure>">ссылка</a></p>` +
      image(office.id, 'Цех <2> &amp; склад «&quot;Север&quot;»') +
      image(pdf.id, 'Документ') +
      image(999_999, 'Пропавшее') +
      `<figure class="image-third"><img src="/api/assets/${office.id}/file" alt=""><figcaption>Вид &lt;сверху&gt;</figcaption></figure>`;
    // A write refuses an image of a document or of a missing asset; text stored before the rule, or whose asset went
    // later, may still hold one.
    const news = (await lib.json('POST', '/api/admin/news/add', { title: 'Картинки и их подобия', public_at: daysAgo(1) })).json().data;
    await t.app.db.updateTable('news').set({ content }).where('id', '=', news.id).execute();

    const shown = (await t.app.inject(`/api/news/item/${news.slug}`)).json().data.content as string;
    expect(shown.startsWith(`<p>${lookalike} <a href="/a?x=&quot;<figure>">ссылка</a></p>`)).toBe(true);
    const elements = elementsIn(shown);
    const images = elements.filter((element) => element.tagName === 'img').map(attributesOf);
    expect(images.map((img) => [img.src, img.alt])).toEqual([
      [office.url, 'Цех <2> & склад «"Север"»'],
      [office.url, ''],
    ]);
    expect(elements.filter((element) => element.tagName === 'figure').map((figure) => attributesOf(figure).class)).toEqual(['image-full', 'image-third']);
    expect(shown).toContain('<figcaption>Вид &lt;сверху&gt;</figcaption>');
    expect(shown).not.toContain('Документ');
    expect(shown).not.toContain('Пропавшее');
  });

  it('refuses a write adding an image of a document or of a missing asset, naming the field; images already in the text stay writable', async () => {
    const office = (await lib.upload(picture('контора.png', await pngImage(640, 480, '#224466')))).json().asset as Asset;
    const pdf = (await lib.upload({ field: 'file', filename: 'План.pdf', data: renderDocumentPdf('Plan B'), type: 'application/pdf' })).json().asset as Asset;
    const figure = (id: number) => `<figure class="image-full"><img src="/api/assets/${id}/file" alt="Контора"></figure>`;
    const add = (content: string) => lib.json('POST', '/api/admin/news/add', { title: 'Контора в тексте', public_at: daysAgo(1), content });
    for (const id of [pdf.id, 999_999]) {
      const refused = await add(`<p>Текст.</p>${figure(id)}`);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toEqual({ message: 'Проверьте поля формы.', errors: { content: [UNKNOWN_TEXT_IMAGE_MESSAGE] } });
    }
    const news = (await add(`<p>Текст.</p>${figure(office.id)}`)).json().data as { id: number; version: number };
    expect((await lib.json('DELETE', `/api/admin/assets/${office.id}?confirm=uses`)).statusCode).toBe(200);
    // The asset is gone, its figure with it from the pages; the record's other fields are still saved.
    const renamed = await lib.json('POST', `/api/admin/news/update/${news.id}`, {
      title: 'Контора переименована',
      content: `<p>Текст.</p>${figure(office.id)}`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.title).toBe('Контора переименована');
  });

  it('an asset back from the trash is used again by the texts that show or link it: its removal is refused again', async () => {
    const asset = (await lib.upload(picture('склад.png', await pngImage(640, 480, '#996633')))).json().asset as Asset;
    const other = (await lib.upload(picture('склад-2.png', await pngImage(640, 480, '#339966')))).json().asset as Asset;
    const figure = (id: number) => `<figure class="image-full"><img src="/api/assets/${id}/file" alt="Склад"></figure>`;
    const add = async (title: string, content: string) =>
      (await lib.json('POST', '/api/admin/news/add', { title, public_at: daysAgo(1), content })).json().data as { id: number; title: string };
    const shows = await add('Склад в тексте', `<p>Склад.</p>${figure(asset.id)}`);
    const links = await add('Ссылка на склад', `${figure(other.id)}<p><a href="/api/assets/${asset.id}/file">Склад</a></p>`);
    const usedBy = async () => (await lib.uses(asset.id)).map((use) => use.record_id).sort((a, b) => a - b);
    expect(await usedBy()).toEqual([shows.id, links.id]);

    expect((await lib.json('DELETE', `/api/admin/assets/${asset.id}?confirm=uses`)).statusCode).toBe(200);
    const restored = await lib.json('POST', `/api/admin/trash/restore/assets/${asset.id}`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await usedBy()).toEqual([shows.id, links.id]);
    expect((await lib.json('DELETE', `/api/admin/assets/${asset.id}`)).statusCode).toBe(409);
    // The other record's own image is still its use, once.
    expect((await lib.uses(other.id)).map((use) => use.record_id)).toEqual([links.id]);
  });

  it('an upload through a record form becomes an asset, and the same bytes again reuse it', async () => {
    const bytes = await jpegImage(640, 480);
    const form = (title: string) =>
      postForm(t.app, '/api/admin/news/add', headers, { title, public_at: daysAgo(1) }, [
        { field: 'image', filename: 'фото.jpg', data: bytes, type: 'image/jpeg' },
      ]);
    const first = (await form('Первая')).json().data;
    const second = (await form('Вторая')).json().data;
    expect(second.image.src).toBe(first.image.src);
    const [asset] = await lib.list({ q: 'фото.jpg' });
    expect(asset).toMatchObject({ name: 'фото.jpg', uses: 2, url: first.image.src });
  });

  it('finds assets by the beginnings of the words of their name and alt text, in any case and with «ё» as «е»', async () => {
    const asset = (await lib.upload(picture('Отчёт Завода_2026.png', await pngImage(40, 40, '#0c0c0c')))).json().asset as Asset;
    const found = async (q: string) => (await lib.list({ q })).some((listed) => listed.id === asset.id);
    expect(await found('завод')).toBe(true);
    expect(await found('ОТЧЕТ зав 2026')).toBe(true);
    expect(await found('отчёт 2027')).toBe(false);
    // A word is found from its beginning, not from its middle.
    expect(await found('вод')).toBe(false);
    const version = (await lib.one(asset.id)).version;
    const renamed = await lib.json('PUT', `/api/admin/assets/${asset.id}`, { name: 'Баланс.png', alt: 'Ёлка у проходной' }, { 'if-match': `"${version}"` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await found('завод')).toBe(false);
    expect(await found('баланс')).toBe(true);
    expect(await found('елка проход')).toBe(true);
  });

  it('edits the name, alt, caption and focal point with If-Match; refuses a focal point off the picture', async () => {
    const asset = (await lib.upload(picture('правка.png', await pngImage(60, 60, '#0a0a0a')))).json().asset as Asset;
    const version = (await lib.one(asset.id)).version;
    const changed = await lib.json(
      'PUT',
      `/api/admin/assets/${asset.id}`,
      { name: 'Новое имя.png', alt: 'Цех', caption: 'Подпись', focal_x: 0.2, focal_y: 0.8 },
      { 'if-match': `"${version}"` },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Новое имя.png', alt: 'Цех', caption: 'Подпись', focal_x: 0.2, focal_y: 0.8 });
    expect((await lib.json('PUT', `/api/admin/assets/${asset.id}`, { alt: 'x' }, { 'if-match': `"${version}"` })).statusCode).toBe(409);
    expect((await lib.json('PUT', `/api/admin/assets/${asset.id}`, { focal_x: 1.5 })).statusCode).toBe(400);
  });
});

describe('the media library with S3 storage', () => {
  let storage: TestObjectStorage;
  let t: TestApp;
  let headers: Record<string, string>;
  const lib = library(
    () => t,
    () => headers,
  );

  beforeAll(async () => {
    storage = await startObjectStorage();
    t = await createTestApp('sqlite', { env: storage.env });
    headers = await adminHeaders(t.app, 'USER');
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
  });

  it('makes an earlier upload in the bucket an asset, its SHA-256 read from the bucket, nothing copied', async () => {
    const news = (
      await postForm(t.app, '/api/admin/news/add', headers, { title: 'Старая загрузка', public_at: daysAgo(1) }, [
        { field: 'image', filename: 'old.jpg', data: await jpegImage(500, 300), type: 'image/jpeg' },
      ])
    ).json().data;
    await leaveLibrary(t.app, news.image.src);
    expect(await libraryHolding(t.app, news.image.src)).toBeNull();
    expect(await adoptUploads(t.app.db, t.app.files)).toBe(1);
    const holding = await libraryHolding(t.app, news.image.src);
    expect(holding?.usedBy).toEqual([`news/${news.id}`]);
    const asset = await lib.one(holding!.assetId);
    expect(asset).toMatchObject({ url: news.image.src, kind: 'image', format: 'jpeg', width: 500 });
    const stored = (await t.app.inject(news.image.src)).rawPayload;
    expect((await t.app.db.selectFrom('assets').select('sha256').where('id', '=', asset.id).executeTakeFirstOrThrow()).sha256).toBe(
      createHash('sha256').update(stored).digest('hex'),
    );
    expect(await adoptUploads(t.app.db, t.app.files)).toBe(0);
  });

  it('uploads into the bucket and dedups there too', async () => {
    const bytes = await pngImage(700, 400, '#335577');
    const asset = (await lib.upload(picture('s3.png', bytes))).json().asset as Asset;
    expect(await storage.has(asset.url.replace(/^\/uploads\//, ''))).toBe(true);
    expect((await lib.upload(picture('s3 again.png', bytes))).json().duplicate.id).toBe(asset.id);
  });

  it('replaces a picture: same id and lasting address, new variants everywhere it is used, the old files gone, the page cache refreshed', async () => {
    const asset = (await lib.upload(picture('до.png', await pngImage(1600, 900, '#aa0000')))).json().asset as Asset;
    const before = await lib.one(asset.id);
    const news = (
      await lib.json('POST', '/api/admin/news/add', {
        title: 'Замена картинки',
        public_at: daysAgo(1),
        image: { asset: asset.id },
        content: `<p><a href="${asset.url}">картинка</a></p>`,
      })
    ).json().data;
    const page = async () => (await t.app.inject(`/api/news/item/${news.slug}`)).json().data;
    expect((await page()).image.src).toBe(asset.url);
    const lasting = `/api/assets/${asset.id}/file`;
    const original = (await t.app.inject(lasting)).rawPayload;

    const replaced = await lib.replace(asset.id, picture('после.png', await pngImage(1000, 1000, '#00aa00')));
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = replaced.json().data as Asset;
    expect(after).toMatchObject({ id: asset.id, width: 1000, uses: 2 });
    expect(after.url).not.toBe(asset.url);
    const shown = await page();
    expect(shown.image).toMatchObject({ src: after.url, width: 1000, height: 1000 });
    expect(shown.image.variants.map((variant: { src: string }) => variant.src)).toEqual((await lib.one(asset.id)).variants?.map((variant) => variant.src));
    expect(shown.content).toContain(after.url);
    expect(shown.content).not.toContain(asset.url);
    // The replaced files are kept to undo the replacement, until the next one.
    const beforeKeys = keysOfImage({ src: before.url, variants: before.variants ?? [] });
    for (const key of beforeKeys) expect(await storage.has(key)).toBe(true);
    // The new picture's pixels are the new file's, at its new address and at the asset's lasting one alike.
    const file = await t.app.inject(after.url);
    expect((await sharp(file.rawPayload).stats()).channels[1]!.mean).toBeGreaterThan(100);
    const current = (await t.app.inject(lasting)).rawPayload;
    expect(current.equals(file.rawPayload)).toBe(true);
    expect(current.equals(original)).toBe(false);
    expect((await lib.replace(asset.id, picture('третья.png', await pngImage(900, 900, '#0000aa')))).statusCode).toBe(200);
    for (const key of beforeKeys) expect(await storage.has(key)).toBe(false);
  });

  it("replaces a document: its lasting address serves the new file, revalidated, and a record's download keeps its address", async () => {
    const asset = (await lib.upload({ field: 'file', filename: 'Устав.pdf', data: renderDocumentPdf('Charter v1'), type: 'application/pdf' })).json()
      .asset as Asset;
    const manager = await adminHeaders(t.app, 'MANAGER');
    const doc = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/investor-documents/add',
        headers: manager,
        payload: { title: 'Устав', category: 'disclosure', year: 2026, public_at: daysAgo(1), file: { asset: asset.id } },
      })
    ).json().data;
    const first = await t.app.inject(asset.url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect((await t.app.inject({ url: asset.url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const v2 = renderDocumentPdf('Charter v2 with more text');
    // An investor document is a MANAGER's record: only a MANAGER replaces its file.
    const replaced = await postForm(t.app, `/api/admin/assets/${asset.id}/replace`, manager, {}, [
      { field: 'file', filename: 'Устав-2.pdf', data: v2, type: 'application/pdf' },
    ]);
    expect(replaced.statusCode).toBe(200);
    const second = await t.app.inject({ url: asset.url, headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(v2)).toBe(true);
    const download = await t.app.inject(`/api/investor-documents/${doc.id}/file`);
    expect(download.rawPayload.equals(v2)).toBe(true);
    // A picture cannot replace a document.
    expect((await postForm(t.app, `/api/admin/assets/${asset.id}/replace`, manager, {}, [picture('x.png', await pngImage(10, 10))])).statusCode).toBe(415);
  });
});
