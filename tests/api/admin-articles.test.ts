import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo, insertArticle } from '../helpers/fixtures.js';
import { adminHeaders, jpegImage, keysOfImage, libraryHolding, MB, pngImage, postForm, snapshot, type FilePart } from './admin-helpers.js';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** News and own media articles share one implementation; every test runs on both, on every dialect. */
const cases = (await testDialects()).flatMap((dialect) =>
  (
    [
      ['news', 'news', '/api/news/item'],
      ['media-our', 'media_our', '/api/media/item'],
    ] as const
  ).map(([resource, table, publicItem]) => ({ dialect, resource, table, publicItem })),
);

describe.each(cases)('admin $resource on $dialect', ({ dialect, resource, table, publicItem }) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const base = `/api/admin/${resource}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await adminHeaders(t.app, 'USER');
  });
  afterAll(() => t.close());

  const send = (url: string, fields: Record<string, string | number> = {}, files: FilePart[] = []) => postForm(t.app, url, headers, fields, files);
  const post = (url: string) => t.app.inject({ method: 'POST', url, headers });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers });
  const onDisk = (key: string) => exists(path.join(t.config.uploadsDir, key));

  it('adds an article with an image: slug from the Cyrillic title, variants on disk, visible in reads', async () => {
    const response = await send(
      `${base}/add`,
      { title: 'Новая линия производства', public_at: daysAgo(1), lead: 'Анонс', content: '<p>Текст</p>', image_alt: 'Цех' },
      [{ field: 'image', filename: 'photo.jpg', data: await jpegImage(1600, 900), type: 'image/jpeg' }],
    );
    expect(response.statusCode).toBe(200);
    const record = response.json().data;
    expect(record).toMatchObject({ title: 'Новая линия производства', slug: 'novaya-liniya-proizvodstva', published: 1, image_alt: 'Цех' });
    expect(record.image.variants.map((variant: { format: string }) => variant.format)).toEqual(expect.arrayContaining(['webp', 'avif']));
    for (const key of keysOfImage(record.image)) expect(await onDisk(key)).toBe(true);
    expect((await get(`${base}/${record.id}`)).json().data).toEqual(record);
    expect((await t.app.inject(`${publicItem}/${record.slug}`)).json().data.id).toBe(record.id);
    const audit = await t.app.db.selectFrom('audit_log').selectAll().where('resource', '=', resource).where('record_id', '=', String(record.id)).execute();
    expect(audit).toMatchObject([{ action: 'add', user_email: expect.stringMatching(/^user-.*@example\.com$/) }]);
  });

  it('makes taken slugs unique with -2, -3 and refuses an explicit slug that is taken with 409', async () => {
    const first = (await send(`${base}/add`, { title: 'Одинаковый заголовок', public_at: daysAgo(1) })).json().data;
    const second = (await send(`${base}/add`, { title: 'Одинаковый заголовок', public_at: daysAgo(1) })).json().data;
    const third = (await send(`${base}/add`, { title: 'Одинаковый заголовок', public_at: daysAgo(1) })).json().data;
    expect([first.slug, second.slug, third.slug]).toEqual(['odinakovyy-zagolovok', 'odinakovyy-zagolovok-2', 'odinakovyy-zagolovok-3']);
    const before = await snapshot(t.app);
    const taken = await send(`${base}/add`, { title: 'Другое', slug: 'odinakovyy-zagolovok', public_at: daysAgo(1) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Проверьте поля формы.', errors: { slug: ['Этот адрес уже занят другой записью.'] } });
    expect(await snapshot(t.app)).toEqual(before);
    // An edited slug is kept as given; its own slug is not "taken" by itself.
    const edited = await send(`${base}/update/${second.id}`, { slug: 'moy-adres', title: 'Одинаковый заголовок' });
    expect(edited.json().data.slug).toBe('moy-adres');
    expect((await send(`${base}/update/${second.id}`, { slug: 'moy-adres' })).statusCode).toBe(200);
  });

  it('updates fields and replaces the image; the old files stay in the media library, no longer used by the record', async () => {
    const added = (
      await send(`${base}/add`, { title: 'Статья с картинкой', public_at: daysAgo(2) }, [
        { field: 'image', filename: 'a.png', data: await pngImage(), type: 'image/png' },
      ])
    ).json().data;
    const oldKeys = keysOfImage(added.image);
    const response = await send(`${base}/update/${added.id}`, { title: 'Новый заголовок', published: '0' }, [
      { field: 'image', filename: 'b.jpg', data: await jpegImage(800, 600), type: 'image/jpeg' },
    ]);
    expect(response.statusCode).toBe(200);
    const record = response.json().data;
    expect(record).toMatchObject({ id: added.id, title: 'Новый заголовок', slug: added.slug, published: 0 });
    expect(record.image.width).toBe(800);
    for (const key of oldKeys) expect(await onDisk(key)).toBe(true);
    expect((await libraryHolding(t.app, added.image.src))?.usedBy).not.toContain(`${resource}/${added.id}`);
    for (const key of keysOfImage(record.image)) expect(await onDisk(key)).toBe(true);
    expect((await libraryHolding(t.app, record.image.src))?.usedBy).toContain(`${resource}/${added.id}`);
    // A draft stays in the admin, and disappears from the public read.
    expect((await get(`${base}/${added.id}`)).json().data.published).toBe(0);
    expect((await t.app.inject(`${publicItem}/${added.id}`)).statusCode).toBe(404);
  });

  it('remove-img answers the record without image; its files stay in the media library, unused by the record', async () => {
    const added = (
      await send(`${base}/add`, { title: 'Картинка уйдёт', public_at: daysAgo(1) }, [
        { field: 'image', filename: 'a.png', data: await pngImage(), type: 'image/png' },
      ])
    ).json().data;
    const keys = keysOfImage(added.image);
    expect(keys.length).toBeGreaterThan(2);
    const response = await post(`${base}/remove-img/${added.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: added.id, title: 'Картинка уйдёт', image: null });
    for (const key of keys) expect(await onDisk(key)).toBe(true);
    expect((await libraryHolding(t.app, added.image.src))?.usedBy).not.toContain(`${resource}/${added.id}`);
    expect((await get(`${base}/${added.id}`)).json().data.image).toBeNull();
  });

  it('remove answers the removed record and moves the row to the trash; its files stay in the media library; unknown ids are 404', async () => {
    const added = (
      await send(`${base}/add`, { title: 'Удаляемая', public_at: daysAgo(1) }, [
        { field: 'image', filename: 'a.png', data: await pngImage(), type: 'image/png' },
      ])
    ).json().data;
    const response = await post(`${base}/remove/${added.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(added);
    expect((await get(`${base}/${added.id}`)).statusCode).toBe(404);
    for (const key of keysOfImage(added.image)) expect(await onDisk(key)).toBe(true);
    const manager = await adminHeaders(t.app, 'MANAGER');
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/trash/empty', headers: manager })).statusCode).toBe(200);
    for (const key of keysOfImage(added.image)) expect(await onDisk(key)).toBe(true);
    expect((await libraryHolding(t.app, added.image.src))?.usedBy).not.toContain(`${resource}/${added.id}`);
    for (const url of [`${base}/remove/${added.id}`, `${base}/remove-img/999999`, `${base}/remove/abc`]) {
      expect((await post(url)).statusCode).toBe(404);
    }
    expect((await send(`${base}/update/999999`, { title: 'x' })).statusCode).toBe(404);
  });

  it('answers 400 with Russian field errors for missing and malformed fields, writing nothing', async () => {
    const before = await snapshot(t.app);
    const missing = await send(`${base}/add`, { lead: 'без заголовка' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Проверьте поля формы.', errors: { title: ['Заполните поле.'], public_at: ['Заполните поле.'] } });
    const wrong = await send(`${base}/add`, { title: 'x', public_at: '31.01.2026', published: 'yes', slug: 'Не Латиница' }, [
      { field: 'image', filename: 'a.png', data: await pngImage(), type: 'image/png' },
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().errors).sort()).toEqual(['public_at', 'published', 'slug']);
    expect(wrong.json().errors.public_at[0]).toMatch(/ISO 8601/);
    // JSON is checked as a form is; its picture can only name a library asset.
    const json = await t.app.inject({ method: 'POST', url: `${base}/add`, headers, payload: { title: 'x', public_at: daysAgo(1), image: '/uploads/a.png' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual({ image: ['Ожидается { "asset": номер файла в медиатеке }.'] });
    expect(await snapshot(t.app)).toEqual(before);
  });

  it('sanitises rich HTML on save: no event handlers, no javascript: links, no scripts', async () => {
    const content =
      '<p onclick="steal()">Текст <a href="javascript:alert(1)">ссылка</a> <a href="https://example.org" target="_blank">сайт</a></p>' +
      '<img src="/uploads/x.png" onerror="alert(1)"><script>alert(1)</script><svg><g onload="alert(1)"></g></svg>';
    const record = (await send(`${base}/add`, { title: 'Опасный текст', public_at: daysAgo(1), content })).json().data;
    expect(record.content).not.toMatch(/onclick|onerror|onload|javascript:|<script/i);
    expect(record.content).toContain('<p>Текст <a>ссылка</a>');
    expect(record.content).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">сайт</a>');
    const stored = await t.app.db.selectFrom(table).select('content').where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(stored.content).toBe(record.content);
  });

  it('refuses an oversized image with 413 and a mislabelled one with 415, leaving nothing behind', async () => {
    const before = await snapshot(t.app);
    const big = Buffer.concat([await pngImage(), Buffer.alloc(10 * MB)]);
    const oversized = await send(`${base}/add`, { title: 'Большая', public_at: daysAgo(1) }, [
      { field: 'image', filename: 'big.png', data: big, type: 'image/png' },
    ]);
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().message).toBe('Проверьте поля формы.');
    expect(oversized.json().errors.image[0]).toBe('Файл больше допустимых 10 МБ.');

    const textAsPng = await send(`${base}/add`, { title: 'Текст', public_at: daysAgo(1) }, [
      { field: 'image', filename: 'photo.png', data: Buffer.from('just some text, not a picture'), type: 'image/png' },
    ]);
    expect(textAsPng.statusCode).toBe(415);
    expect(textAsPng.json().errors.image[0]).toMatch(/не соответствует расширению/);
    const jpegAsPng = await send(`${base}/add`, { title: 'JPEG', public_at: daysAgo(1) }, [
      { field: 'image', filename: 'photo.png', data: await jpegImage(), type: 'image/png' },
    ]);
    expect(jpegAsPng.statusCode).toBe(415);
    const pdf = await send(`${base}/add`, { title: 'PDF', public_at: daysAgo(1) }, [
      { field: 'image', filename: 'doc.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' },
    ]);
    expect(pdf.statusCode).toBe(415);
    // Right magic bytes, broken picture: the re-encoder cannot read it.
    const broken = await send(`${base}/add`, { title: 'Битая', public_at: daysAgo(1) }, [
      { field: 'image', filename: 'broken.png', data: (await pngImage()).subarray(0, 120), type: 'image/png' },
    ]);
    expect(broken.statusCode).toBe(415);
    const existing = (
      await send(`${base}/add`, { title: 'Есть картинка', public_at: daysAgo(1) }, [
        { field: 'image', filename: 'a.png', data: await pngImage(), type: 'image/png' },
      ])
    ).json().data;
    const afterAdd = await snapshot(t.app);
    const failedUpdate = await send(`${base}/update/${existing.id}`, { title: 'Не сохранится' }, [
      { field: 'image', filename: 'x.png', data: big, type: 'image/png' },
    ]);
    expect(failedUpdate.statusCode).toBe(413);
    expect(await snapshot(t.app)).toEqual(afterAdd);
    expect((await get(`${base}/${existing.id}`)).json().data).toEqual(existing);
    expect(afterAdd.rows[table]).toBe(before.rows[table]! + 1);
  });

  it('stores uploads under server-chosen names whatever the client calls them (path traversal)', async () => {
    const root = t.config.uploadsDir;
    const response = await send(`${base}/add`, { title: 'Обход пути', public_at: daysAgo(1) }, [
      { field: 'image', filename: '../../../escaped.png', data: await pngImage(), type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(200);
    const [src] = keysOfImage(response.json().data.image);
    expect(src).toMatch(new RegExp(`^${resource === 'news' ? 'news' : 'media-our'}/[0-9a-f]{24}\\.(png|jpg)$`));
    for (const place of [path.join(root, '..', '..', '..', 'escaped.png'), path.join(root, '..', 'escaped.png'), path.join(root, 'escaped.png')]) {
      expect(await exists(place)).toBe(false);
    }
    // The picture is there under its server-chosen name (re-encoded: a PNG without transparency becomes a JPEG).
    expect((await readFile(path.join(root, src!))).length).toBeGreaterThan(100);
  });

  it('reads lists in ra-data-simple-rest conventions: sort, range, filter q and id, Content-Range, drafts and scheduled included', async () => {
    // Added through the admin, which keeps the search index that `q` reads.
    const draft = (await send(`${base}/add`, { title: 'Черновик про Завод', public_at: daysAgo(1), published: 0 })).json().data.id as number;
    const scheduled = (await send(`${base}/add`, { title: 'Запланированная про завод', public_at: daysAgo(-5) })).json().data.id as number;
    const list = await get(`${base}?sort=${encodeURIComponent('["public_at","DESC"]')}&range=[0,1]&filter=${encodeURIComponent('{}')}`);
    expect(list.statusCode).toBe(200);
    const total = (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow()
    ).count;
    expect(list.headers['content-range']).toBe(`${resource} 0-1/${Number(total)}`);
    expect(list.headers['access-control-expose-headers']).toContain('Content-Range');
    expect(list.json().data.map((row: { id: number }) => row.id)[0]).toBe(scheduled);

    const search = await get(`${base}?filter=${encodeURIComponent('{"q":"ЗАВОД"}')}`);
    expect(
      search
        .json()
        .data.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([draft, scheduled].sort());
    const many = await get(`${base}?filter=${encodeURIComponent(JSON.stringify({ id: [draft, scheduled, 999999] }))}`);
    expect(many.json().data).toHaveLength(2);
    const drafts = await get(`${base}?filter=${encodeURIComponent('{"published":0}')}`);
    expect(drafts.json().data.every((row: { published: number }) => row.published === 0)).toBe(true);
    const byTitle = (await get(`${base}?sort=${encodeURIComponent('["title","ASC"]')}&range=[0,999]`)).json().data.map((row: { title: string }) => row.title);
    expect(byTitle).toEqual([...byTitle].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const empty = await get(`${base}?filter=${encodeURIComponent('{"q":"нет такого"}')}`);
    expect(empty.headers['content-range']).toBe(`${resource} */0`);
  });

  it('answers list rows with the columns the list shows and version, never the content; one record comes whole', async () => {
    const id = await insertArticle(t.app.db, table, { title: 'Длинная статья', content: `<p>${'Текст. '.repeat(5000)}</p>` });
    const [row] = (await get(`${base}?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`)).json().data;
    // With whether it has a draft, whose it is and where its review stands (the list marks such rows).
    expect(Object.keys(row).sort()).toEqual([
      'draft_mine',
      'has_draft',
      'id',
      'public_at',
      'published',
      'review_required',
      'review_state',
      'slug',
      'title',
      'version',
      'views',
    ]);
    expect((await get(`${base}/${id}`)).json().data.content).toContain('Текст.');
  });

  it.each([
    ['sort', 'sort=title'],
    ['sort', `sort=${encodeURIComponent('["password","ASC"]')}`],
    ['sort', `sort=${encodeURIComponent('["title","UP"]')}`],
    ['range', 'range=[5,1]'],
    ['range', 'range=[0,"x"]'],
    ['range', 'range=[0,100000]'],
    ['filter', `filter=${encodeURIComponent('{"content":"x"}')}`],
    ['filter', `filter=${encodeURIComponent('{"published":"yes"}')}`],
    ['filter', 'filter=[1]'],
    ['filter', 'filter={'],
  ])('answers a malformed %s (%s) with 400', async (field, query) => {
    const response = await get(`${base}?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Некорректные параметры списка.', errors: { [field]: [expect.any(String)] } });
  });

  it('denies anonymous requests before reading the body', async () => {
    const before = await snapshot(t.app);
    const response = await postForm(t.app, `${base}/add`, {}, { title: 'x', public_at: daysAgo(1) });
    expect(response.statusCode).toBe(401);
    expect((await t.app.inject(`${base}`)).statusCode).toBe(401);
    expect(await snapshot(t.app)).toEqual(before);
  });
});
