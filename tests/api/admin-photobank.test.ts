import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { adminHeaders, jpegImage, keysOfImage, libraryHolding, MB, pngImage, postForm, snapshot, type FilePart } from './admin-helpers.js';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40" onload="alert(1)"><script>alert(2)</script>' +
    '<circle cx="20" cy="20" r="10" fill="#0B5CAD" onmouseover="alert(3)"/><foreignObject><body xmlns="http://www.w3.org/1999/xhtml">x</body></foreignObject></svg>',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const EPS = Buffer.from('%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 40\nnewpath 0 0 moveto 100 40 lineto stroke\n%%EOF\n');

interface LogoFileRecord {
  id: number;
  format: string;
  url: string;
  size: number;
}

describe.each(await testDialects())('admin photobank on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let logoGroup: number;
  let otherLogoGroup: number;
  let photoGroup: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await adminHeaders(t.app, 'USER');
    const group = async (kind: 'logo' | 'photo', title: string, position: number) =>
      (await t.app.db.insertInto('photobank_groups').values({ kind, title, position }).returning('id').executeTakeFirstOrThrow()).id;
    logoGroup = await group('logo', 'Логотипы', 0);
    otherLogoGroup = await group('logo', 'Логотипы дочерних компаний', 1);
    photoGroup = await group('photo', 'Фотографии', 2);
  });
  afterAll(() => t.close());

  const json = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const form = (url: string, fields: Record<string, string | number>, files: FilePart[] = []) => postForm(t.app, url, headers, fields, files);
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers });
  const onDisk = (url: string) => exists(path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, '')));
  const addCategory = async (title: string, groupId = logoGroup) => (await json('/api/admin/photobank/category/add', { group_id: groupId, title })).json().data;
  /** The logo group's categories as the public reads show them (JSON), through every page (a page holds 4 categories). */
  const logoCategories = async () => {
    const categories: ReturnType<typeof JSON.parse>[] = [];
    for (let page = 1; ; page++) {
      const groups: { id: number; categories: unknown[] }[] = (await t.app.inject(`/api/photobank/logos?page=${page}`)).json().data;
      if (!groups.length) return categories;
      categories.push(...(groups.find((group) => group.id === logoGroup)?.categories ?? []));
    }
  };

  it('adds categories at the end of their group and moves them up and down; the public groups follow', async () => {
    const a = await addCategory('Основной знак');
    const b = await addCategory('Монохромный');
    const c = await addCategory('Цвета');
    expect([a.position, b.position, c.position]).toEqual([0, 1, 2]);
    const titles = async () => (await logoCategories()).map((category: { id: number }) => category.id);
    expect(await titles()).toEqual([a.id, b.id, c.id]);

    const moved = await json(`/api/admin/photobank/category/move-up/${c.id}`);
    expect(moved.json().data).toMatchObject({ id: c.id, position: 1 });
    expect(await titles()).toEqual([a.id, c.id, b.id]);
    const edge = await json(`/api/admin/photobank/category/move-up/${a.id}`);
    expect(edge.statusCode).toBe(200);
    expect(edge.json().data).toMatchObject({ id: a.id, position: 0 });
    await json(`/api/admin/photobank/category/move-down/${a.id}`);
    expect(await titles()).toEqual([c.id, a.id, b.id]);

    const renamed = await json(`/api/admin/photobank/category/update/${b.id}`, { title: 'Чёрно-белый' });
    expect(renamed.json().data).toEqual({ id: b.id, group_id: logoGroup, title: 'Чёрно-белый', position: 2, version: 2 });
    // Moving to another group appends it there and closes the gap here.
    const regrouped = await json(`/api/admin/photobank/category/update/${a.id}`, { group_id: otherLogoGroup });
    expect(regrouped.json().data).toMatchObject({ group_id: otherLogoGroup, position: 0 });
    expect((await get(`/api/admin/photobank-categories/${b.id}`)).json().data.position).toBe(1);
    const list = await get(
      `/api/admin/photobank-categories?filter=${encodeURIComponent(JSON.stringify({ group_id: logoGroup }))}&sort=${encodeURIComponent('["position","ASC"]')}`,
    );
    expect(list.json().data.map((row: { id: number }) => row.id)).toEqual([c.id, b.id]);
    expect(list.headers['content-range']).toBe('photobank-categories 0-1/2');
  });

  it('validates categories: group required and known, same kind, title required; unknown ids are 404', async () => {
    const before = await snapshot(t.app);
    const missing = await json('/api/admin/photobank/category/add', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ group_id: ['Заполните поле.'], title: ['Заполните поле.'] });
    expect((await json('/api/admin/photobank/category/add', { group_id: 999999, title: 'x' })).json().errors).toEqual({ group_id: ['Такой группы нет.'] });
    expect((await json('/api/admin/photobank/category/add', { group_id: 'один', title: 'x' })).statusCode).toBe(400);
    const category = await addCategory('Временная');
    const wrongKind = await json(`/api/admin/photobank/category/update/${category.id}`, { group_id: photoGroup });
    expect(wrongKind.statusCode).toBe(400);
    await json(`/api/admin/photobank/category/remove/${category.id}`);
    for (const verb of ['update', 'remove', 'move-up', 'move-down']) {
      expect((await json(`/api/admin/photobank/category/${verb}/999999`, { title: 'x' })).statusCode).toBe(404);
    }
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('adds a logo with SVG, PNG, PDF and EPS files: SVG sanitised, PNG preview, files in the read', async () => {
    const category = await addCategory('Файлы');
    const response = await form('/api/admin/photobank/logo/add', { category_id: category.id, type: 'logo', title: 'Знак' }, [
      { field: 'files', filename: 'znak.svg', data: SVG_WITH_SCRIPT, type: 'image/svg+xml' },
      { field: 'files', filename: 'znak.png', data: await pngImage(200, 80), type: 'image/png' },
      { field: 'files', filename: 'znak.pdf', data: PDF, type: 'application/pdf' },
      { field: 'files', filename: 'znak.eps', data: EPS, type: 'application/postscript' },
    ]);
    expect(response.statusCode).toBe(200);
    const record = response.json().data;
    expect(record).toMatchObject({ category_id: category.id, type: 'logo', title: 'Знак', position: 0, hex: '' });
    expect(record.files.map((file: LogoFileRecord) => file.format)).toEqual(['svg', 'png', 'pdf', 'eps']);
    const png = record.files.find((file: LogoFileRecord) => file.format === 'png');
    expect(record.preview).toMatchObject({ src: png.url, alt: 'Знак' });
    const svg = await readFile(path.join(t.config.uploadsDir, record.files[0].url.replace('/uploads/', '')), 'utf8');
    expect(svg).toContain('<circle');
    expect(svg).not.toMatch(/<script|onload|onmouseover|foreignObject/i);
    expect(record.files[0].size).toBe(Buffer.byteLength(svg));
    for (const file of record.files) expect(await onDisk(file.url)).toBe(true);
    expect((await get(`/api/admin/photobank-logos/${record.id}`)).json().data).toEqual(record);
    const publicItem = (await logoCategories()).find((c: { id: number }) => c.id === category.id).items[0];
    expect(publicItem.files.map((file: LogoFileRecord) => file.url)).toEqual(record.files.map((file: LogoFileRecord) => file.url));
  });

  it('adds colours with validated HEX, RGB, CMYK and Pantone values, normalised', async () => {
    const category = await addCategory('Фирменные цвета');
    const colour = await form('/api/admin/photobank/logo/add', {
      category_id: category.id,
      type: 'colour',
      title: 'Синий',
      hex: '0b5cad',
      rgb: '11 92 173',
      cmyk: '94%, 47%, 0%, 32%',
      pantone: '2945 C',
    });
    expect(colour.statusCode).toBe(200);
    expect(colour.json().data).toMatchObject({
      type: 'colour',
      hex: '#0B5CAD',
      rgb: '11, 92, 173',
      cmyk: '94, 47, 0, 32',
      pantone: '2945 C',
      files: [],
      preview: null,
    });

    const before = await snapshot(t.app);
    const bad = await form('/api/admin/photobank/logo/add', {
      category_id: category.id,
      type: 'colour',
      title: 'Плохой',
      hex: '#12345G',
      rgb: '300, 0, 0',
      cmyk: '1, 2, 3',
      pantone: '<script>',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['cmyk', 'hex', 'pantone', 'rgb']);
    const noHex = await form('/api/admin/photobank/logo/add', { category_id: category.id, type: 'colour', title: 'Без HEX' });
    expect(noHex.json().errors).toEqual({ hex: ['Заполните поле.'] });
    const withFile = await form('/api/admin/photobank/logo/add', { category_id: category.id, type: 'colour', title: 'С файлом', hex: '#000' }, [
      { field: 'files', filename: 'a.png', data: await pngImage(), type: 'image/png' },
    ]);
    expect(withFile.statusCode).toBe(400);
    const noFiles = await form('/api/admin/photobank/logo/add', { category_id: category.id, type: 'logo', title: 'Без файлов' });
    expect(noFiles.json().errors).toEqual({ files: [expect.stringMatching(/хотя бы один файл/)] });
    const badType = await form('/api/admin/photobank/logo/add', { category_id: category.id, type: 'font', title: 'x' });
    expect(badType.json().errors.type).toBeDefined();
    const photoCategory = await addCategory('Фото', photoGroup);
    const wrongCategory = await form('/api/admin/photobank/logo/add', { category_id: photoCategory.id, type: 'colour', title: 'x', hex: '#000' });
    expect(wrongCategory.json().errors).toEqual({ category_id: ['Это категория фотографий.'] });
    await json(`/api/admin/photobank/category/remove/${photoCategory.id}`);
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('moves logo items up and down; /api/photobank/logos follows; edges answer the record unchanged', async () => {
    const category = await addCategory('Порядок');
    const add = async (title: string) =>
      (await form('/api/admin/photobank/logo/add', { category_id: category.id, type: 'colour', title, hex: '#111111' })).json().data;
    const a = await add('Первый');
    const b = await add('Второй');
    const c = await add('Третий');
    const order = async () => (await logoCategories()).find((x: { id: number }) => x.id === category.id).items.map((item: { id: number }) => item.id);
    expect(await order()).toEqual([a.id, b.id, c.id]);
    expect((await json(`/api/admin/photobank/logo/move-down/${a.id}`)).json().data).toMatchObject({ id: a.id, position: 1 });
    expect(await order()).toEqual([b.id, a.id, c.id]);
    expect((await json(`/api/admin/photobank/logo/move-up/${c.id}`)).json().data).toMatchObject({ id: c.id, position: 1 });
    expect(await order()).toEqual([b.id, c.id, a.id]);
    const edge = await json(`/api/admin/photobank/logo/move-down/${a.id}`);
    expect(edge.json().data).toMatchObject({ id: a.id, position: 2 });
    expect(await order()).toEqual([b.id, c.id, a.id]);
    // Removing closes the gap.
    const removed = await json(`/api/admin/photobank/logo/remove/${b.id}`);
    expect(removed.json().data).toMatchObject({ id: b.id, title: 'Второй' });
    expect(await order()).toEqual([c.id, a.id]);
    expect((await get(`/api/admin/photobank-logos/${a.id}`)).json().data.position).toBe(1);
  });

  it('updates a logo keeping some files and adding others; dropped files stay in the media library, unused', async () => {
    const category = await addCategory('Обновление');
    const added = (
      await form('/api/admin/photobank/logo/add', { category_id: category.id, type: 'logo', title: 'Старый' }, [
        { field: 'files', filename: 'a.png', data: await pngImage(100, 40), type: 'image/png' },
        { field: 'files', filename: 'a.pdf', data: PDF, type: 'application/pdf' },
      ])
    ).json().data;
    const [oldPng, pdf] = added.files as LogoFileRecord[];
    const updated = await form(`/api/admin/photobank/logo/update/${added.id}`, { title: 'Новый', keep_file_ids: `[${pdf!.id}]` }, [
      { field: 'files', filename: 'b.svg', data: SVG_WITH_SCRIPT, type: 'image/svg+xml' },
    ]);
    expect(updated.statusCode).toBe(200);
    const record = updated.json().data;
    expect(record.title).toBe('Новый');
    expect(record.files.map((file: LogoFileRecord) => file.format)).toEqual(['pdf', 'svg']);
    expect(record.files[0].id).toBe(pdf!.id);
    expect(record.preview.src).toBe(record.files[1].url);
    expect(await onDisk(oldPng!.url)).toBe(true);
    expect((await libraryHolding(t.app, oldPng!.url))?.usedBy).not.toContain(`photobank-logos/${added.id}`);
    expect(await onDisk(pdf!.url)).toBe(true);
    expect((await libraryHolding(t.app, pdf!.url))?.usedBy).toContain(`photobank-logos/${added.id}`);

    // Turning the item into a colour drops every file.
    const colour = (await form(`/api/admin/photobank/logo/update/${added.id}`, { type: 'colour', hex: '#ABCDEF' })).json().data;
    expect(colour).toMatchObject({ type: 'colour', hex: '#ABCDEF', files: [], preview: null });
    for (const file of record.files) expect((await libraryHolding(t.app, file.url))?.usedBy).not.toContain(`photobank-logos/${added.id}`);

    const another = (
      await form('/api/admin/photobank/logo/add', { category_id: category.id, type: 'logo', title: 'Удаляемый' }, [
        { field: 'files', filename: 'c.eps', data: EPS, type: 'application/postscript' },
      ])
    ).json().data;
    const removed = await json(`/api/admin/photobank/logo/remove/${another.id}`);
    expect(removed.json().data).toEqual(another);
    expect(await onDisk(another.files[0].url)).toBe(true);
    expect((await libraryHolding(t.app, another.files[0].url))?.usedBy).not.toContain(`photobank-logos/${another.id}`);
    expect((await get(`/api/admin/photobank-logos/${another.id}`)).statusCode).toBe(404);
  });

  it('adds library files to a logo (the picker), stores nothing again, and refuses a format a logo does not take', async () => {
    const category = await addCategory('Из медиатеки');
    // Earlier tests stored some of these bytes: the library then answers the asset it holds.
    const upload = async (file: FilePart) => {
      const answer = (await form('/api/admin/assets/upload', {}, [file])).json();
      return (answer.asset ?? answer.duplicate) as { id: number; url: string };
    };
    const svg = await upload({ field: 'file', filename: 'знак.svg', data: SVG_WITH_SCRIPT, type: 'image/svg+xml' });
    const pdf = await upload({ field: 'file', filename: 'знак.pdf', data: PDF, type: 'application/pdf' });
    const photo = await upload({ field: 'file', filename: 'фото.jpg', data: await jpegImage(200, 100), type: 'image/jpeg' });
    const before = await snapshot(t.app);
    const added = await form('/api/admin/photobank/logo/add', { category_id: category.id, type: 'logo', title: 'Знак', file_assets: `[${svg.id},${pdf.id}]` });
    expect(added.statusCode, added.body).toBe(200);
    const record = added.json().data;
    expect(record.files.map((file: LogoFileRecord) => [file.format, file.url])).toEqual([
      ['svg', svg.url],
      ['pdf', `/uploads/${(await t.app.db.selectFrom('assets').select('file').where('id', '=', pdf.id).executeTakeFirstOrThrow()).file}`],
    ]);
    expect(record.preview.src).toBe(svg.url);
    expect((await snapshot(t.app)).files).toEqual(before.files);
    expect((await libraryHolding(t.app, svg.url))?.usedBy).toContain(`photobank-logos/${record.id}`);

    const wrong = await form(`/api/admin/photobank/logo/update/${record.id}`, { file_assets: String(photo.id) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ files: ['Это поле принимает файлы SVG, PNG, PDF, EPS.'] });
    const missing = await form(`/api/admin/photobank/logo/update/${record.id}`, { file_assets: '[999999]' });
    expect(missing.json().errors).toEqual({ files: ['Такого файла в медиатеке нет.'] });
    const colour = await form('/api/admin/photobank/logo/add', {
      category_id: category.id,
      type: 'colour',
      title: 'Цвет',
      hex: '#0B5CAD',
      file_assets: String(svg.id),
    });
    expect(colour.json().errors).toEqual({ files: ['У цвета не бывает файлов.'] });
  });

  it('refuses mislabelled and oversized logo files and traversal names do not escape, nothing left behind', async () => {
    const category = await addCategory('Атаки');
    const before = await snapshot(t.app);
    const textAsPdf = await form('/api/admin/photobank/logo/add', { category_id: category.id, type: 'logo', title: 'x' }, [
      { field: 'files', filename: 'logo.pdf', data: Buffer.from('<html>not a pdf</html>'), type: 'application/pdf' },
    ]);
    expect(textAsPdf.statusCode).toBe(415);
    // The second file is bad: the first, already read, must not be stored either.
    const secondBad = await form('/api/admin/photobank/logo/add', { category_id: category.id, type: 'logo', title: 'x' }, [
      { field: 'files', filename: 'ok.png', data: await pngImage(), type: 'image/png' },
      { field: 'files', filename: 'bad.eps', data: PDF, type: 'application/postscript' },
    ]);
    expect(secondBad.statusCode).toBe(415);
    const oversized = await form('/api/admin/photobank/logo/add', { category_id: category.id, type: 'logo', title: 'x' }, [
      { field: 'files', filename: 'huge.pdf', data: Buffer.concat([PDF, Buffer.alloc(20 * MB)]), type: 'application/pdf' },
    ]);
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().errors.files[0]).toBe('Файл больше допустимых 20 МБ.');
    expect(await snapshot(t.app)).toEqual(before);

    const traversal = await form('/api/admin/photobank/logo/add', { category_id: category.id, type: 'logo', title: 'Путь' }, [
      { field: 'files', filename: '..\\..\\..\\evil.svg', data: SVG_WITH_SCRIPT, type: 'image/svg+xml' },
      { field: 'files', filename: '/etc/passwd.pdf', data: PDF, type: 'application/pdf' },
    ]);
    expect(traversal.statusCode).toBe(200);
    for (const file of traversal.json().data.files as LogoFileRecord[]) {
      expect(file.url).toMatch(/^\/uploads\/photobank\/logos\/[0-9a-f]{24}\.(svg|pdf)$/);
    }
    const root = t.config.uploadsDir;
    for (const place of [
      path.join(root, '..', '..', '..', 'evil.svg'),
      path.join(root, '..', 'evil.svg'),
      path.join(root, 'evil.svg'),
      path.join(root, 'etc'),
    ]) {
      expect(await exists(place)).toBe(false);
    }
  });

  it('adds, updates, moves and removes photos; replaced and removed images stay in the media library, unused', async () => {
    const category = await addCategory('Офис', photoGroup);
    const add = async (title: string) =>
      (
        await form('/api/admin/photobank/photo/add', { category_id: category.id, title, image_alt: `${title}: фото` }, [
          { field: 'image', filename: 'office.jpg', data: await jpegImage(1200, 800), type: 'image/jpeg' },
        ])
      ).json().data;
    const a = await add('Холл');
    const b = await add('Переговорная');
    expect(a).toMatchObject({ category_id: category.id, title: 'Холл', image_alt: 'Холл: фото', position: 0, image: { width: 1200, height: 800 } });
    expect(a.size).toBeGreaterThan(0);
    expect(b.position).toBe(1);
    const photoOrder = async () =>
      (await t.app.inject('/api/photobank/photos'))
        .json()
        .data.find((g: { id: number }) => g.id === photoGroup)
        .categories.find((c: { id: number }) => c.id === category.id)
        .items.map((item: { id: number }) => item.id);
    expect(await photoOrder()).toEqual([a.id, b.id]);
    await json(`/api/admin/photobank/photo/move-up/${b.id}`);
    expect(await photoOrder()).toEqual([b.id, a.id]);

    const updated = (
      await form(`/api/admin/photobank/photo/update/${a.id}`, { title: 'Холл (новый)' }, [
        { field: 'image', filename: 'new.png', data: await pngImage(900, 600), type: 'image/png' },
      ])
    ).json().data;
    expect(updated).toMatchObject({ id: a.id, title: 'Холл (новый)', image: { width: 900 } });
    for (const key of keysOfImage(a.image)) expect(await exists(path.join(t.config.uploadsDir, key))).toBe(true);
    expect((await libraryHolding(t.app, a.image.src))?.usedBy).not.toContain(`photobank-photos/${a.id}`);
    expect((await libraryHolding(t.app, updated.image.src))?.usedBy).toContain(`photobank-photos/${a.id}`);

    const noImage = await form('/api/admin/photobank/photo/add', { category_id: category.id, title: 'Без фото' });
    expect(noImage.json().errors).toEqual({ image: ['Выберите фотографию.'] });
    const removed = (await json(`/api/admin/photobank/photo/remove/${b.id}`)).json().data;
    expect(removed.id).toBe(b.id);
    for (const key of keysOfImage(b.image)) expect(await exists(path.join(t.config.uploadsDir, key))).toBe(true);
    const manager = await adminHeaders(t.app, 'MANAGER');
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/trash/empty', headers: manager })).statusCode).toBe(200);
    for (const key of keysOfImage(b.image)) expect(await exists(path.join(t.config.uploadsDir, key))).toBe(true);
    expect((await libraryHolding(t.app, b.image.src))?.usedBy).not.toContain(`photobank-photos/${b.id}`);
    expect(await photoOrder()).toEqual([a.id]);
    expect((await get(`/api/admin/photobank-photos/${a.id}`)).json().data.position).toBe(0);
  });

  it('removing a category removes its logo items and photos; their files stay in the media library, unused', async () => {
    const logos = await addCategory('Каскад логотипов');
    const photos = await addCategory('Каскад фото', photoGroup);
    const logo = (
      await form('/api/admin/photobank/logo/add', { category_id: logos.id, type: 'logo', title: 'L' }, [
        { field: 'files', filename: 'l.png', data: await pngImage(), type: 'image/png' },
        { field: 'files', filename: 'l.svg', data: SVG_WITH_SCRIPT, type: 'image/svg+xml' },
      ])
    ).json().data;
    const photo = (
      await form('/api/admin/photobank/photo/add', { category_id: photos.id, title: 'P' }, [
        { field: 'image', filename: 'p.png', data: await pngImage(), type: 'image/png' },
      ])
    ).json().data;
    const logoUrls = logo.files.map((file: LogoFileRecord) => file.url);
    for (const url of logoUrls) expect(await onDisk(url)).toBe(true);

    expect((await json(`/api/admin/photobank/category/remove/${logos.id}`)).json().data).toMatchObject({ id: logos.id, title: 'Каскад логотипов' });
    expect((await json(`/api/admin/photobank/category/remove/${photos.id}`)).json().data.id).toBe(photos.id);
    for (const url of logoUrls) expect((await libraryHolding(t.app, url))?.usedBy).not.toContain(`photobank-logos/${logo.id}`);
    expect((await libraryHolding(t.app, photo.image.src))?.usedBy).not.toContain(`photobank-photos/${photo.id}`);
    expect((await get(`/api/admin/photobank-logos/${logo.id}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/photobank-photos/${photo.id}`)).statusCode).toBe(404);
    const rows = await t.app.db.selectFrom('photobank_logo_files').select('id').where('item_id', '=', logo.id).execute();
    expect(rows).toEqual([]);
  });

  it('reads groups read-only and lists logo items by category', async () => {
    const groups = await get('/api/admin/photobank-groups');
    expect(groups.json().data.map((group: { id: number }) => group.id)).toEqual([logoGroup, otherLogoGroup, photoGroup]);
    expect(groups.headers['content-range']).toBe('photobank-groups 0-2/3');
    // Groups are read-only: the address takes GET alone.
    const add = await json('/api/admin/photobank-groups/add', { title: 'x' });
    expect(add.statusCode).toBe(405);
    expect(add.headers.allow).toBe('GET, HEAD, OPTIONS');
    const byType = await get(`/api/admin/photobank-logos?filter=${encodeURIComponent('{"type":"colour"}')}`);
    expect(byType.json().data.every((item: { type: string }) => item.type === 'colour')).toBe(true);
  });
});
