import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, type RaRecord } from 'react-admin';
import { createAdminDataProvider, NETWORK_ERROR_KEY, SOURCE_NOT_DEACTIVATED_KEY, type AdminDataProvider, type ChangeEvent } from '../../dataProvider/index.js';
import { signAccessToken } from '../../server/auth/tokens.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/app.js';
import { nodeTransport } from './nodeTransport.js';
import { typesetText } from '../../server/content/typography.js';

let testApp: TestApp;
let baseURL: string;
let managerToken: string;
let provider: AdminDataProvider;
const events: ChangeEvent[] = [];

async function loginToken(email: string, password: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/site/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('access_token='));
  const token = cookie?.split(';')[0]?.slice('access_token='.length);
  if (!token) throw new Error('no access_token cookie');
  return token;
}

async function png(colour: string): Promise<File> {
  const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(data)], 'picture.png', { type: 'image/png' });
}

async function caught(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

beforeAll(async () => {
  testApp = await createTestApp('sqlite');
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseURL = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  managerToken = await loginToken(TEST_ADMIN.email, TEST_ADMIN.password);
  provider = createAdminDataProvider({ baseURL, transport: nodeTransport, getToken: () => managerToken, onChange: (event) => events.push(event) });
});

afterAll(async () => {
  await testApp?.close();
});

const article = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  slug: '',
  lead: 'Анонс',
  content: '<p>Текст <b>новости</b></p>',
  image_alt: '',
  public_at: '2025-03-01T09:00:00.000Z',
  published: 1,
  seo_title: '',
  seo_description: '',
  ...extra,
});

describe('dataProvider against the real server: news (multipart)', () => {
  it('uploads an investor document as a multipart form and reports the upload progress to the form', async () => {
    const pdf = new File([`%PDF-1.4\n${'0'.repeat(200_000)}\n%%EOF\n`], 'report.pdf', { type: 'application/pdf' });
    const progress: (number | null)[] = [];
    const { data: created } = await provider.create('investor-documents', {
      data: {
        title: 'Годовой отчёт',
        category: 'annual-reports',
        year: 2025,
        public_at: '2025-03-01T09:00:00.000Z',
        published: 1,
        file: { rawFile: pdf, src: 'blob:x', title: 'report.pdf' },
      },
      meta: { onUploadProgress: (percent: number | null) => progress.push(percent) },
    });
    expect(created.file).toMatchObject({ name: 'report.pdf', size: pdf.size, format: 'pdf' });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBeNull();
    expect(progress.filter((percent) => typeof percent === 'number' && percent > 0).length).toBeGreaterThan(0);
  });

  it('creates with an image as a multipart form, reads it back, and lists it with Content-Range', async () => {
    const file = await png('#3366cc');
    const { data: created } = await provider.create('news', {
      data: article('Новость с картинкой', { image: { rawFile: file, src: 'blob:x', title: 'picture.png' }, image_alt: 'Синий' }),
    });
    expect(created.id).toEqual(expect.any(Number));
    expect(created.slug).toBe('novost-s-kartinkoy');
    expect(created.image).toMatchObject({ src: expect.stringMatching(/^\/uploads\//), alt: 'Синий' });
    expect(events.at(-1)).toMatchObject({ resource: 'news', action: 'create' });

    const { data: one } = await provider.getOne('news', { id: created.id });
    expect(one).toEqual(created);

    await provider.create('news', { data: article('Вторая новость', { public_at: '2025-04-01T09:00:00.000Z', published: 0 }) });
    const list = await provider.getList('news', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'public_at', order: 'DESC' },
      filter: {},
    });
    expect(list.total).toBe(2);
    expect(list.data.map((r) => r.title)).toEqual(['Вторая новость', typesetText('Новость с картинкой')]);

    const search = await provider.getList('news', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'public_at', order: 'DESC' },
      filter: { q: 'картинк' },
    });
    expect(search.data.map((r) => r.title)).toEqual([typesetText('Новость с картинкой')]);

    const drafts = await provider.getList('news', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { published: 0 },
    });
    expect(drafts.data.map((r) => r.title)).toEqual(['Вторая новость']);

    const many = await provider.getMany('news', { ids: [created.id] });
    expect(many.data.map((r) => r.id)).toEqual([created.id]);
  });

  it('updates through update/{id}, keeps the stored image, and removes it with removeImage', async () => {
    const { data: created } = await provider.create('news', {
      data: article('Будет изменена', { image: { rawFile: await png('#cc3333') }, image_alt: 'Красный' }),
    });
    const { data: updated } = await provider.update('news', {
      id: created.id,
      data: { ...created, title: 'Изменена', image_alt: 'Красный квадрат' },
      previousData: created,
    });
    expect(updated.title).toBe('Изменена');
    expect((updated.image as { src: string }).src).toBe((created.image as { src: string }).src);
    expect(events.at(-1)).toMatchObject({ resource: 'news', action: 'update' });

    const { data: withoutImage } = await provider.removeImage('news', { id: created.id });
    expect(withoutImage).toMatchObject({ id: created.id, title: 'Изменена', image: null });
    expect(events.at(-1)).toMatchObject({ resource: 'news', action: 'removeImage' });
  });

  it("puts the server's field errors on the fields (one message per field)", async () => {
    const error = await caught(provider.create('news', { data: article('', { public_at: 'вчера' }) }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Проверьте поля формы.');
    const body = error.body as { errors: Record<string, string> };
    expect(typeof body.errors.title).toBe('string');
    expect(typeof body.errors.public_at).toBe('string');
  });

  it('deletes through remove/{id} and deleteMany one by one', async () => {
    const a = (await provider.create('news', { data: article('Удалить А') })).data;
    const b = (await provider.create('news', { data: article('Удалить Б') })).data;
    const c = (await provider.create('news', { data: article('Удалить В') })).data;
    const removed = await provider.delete('news', { id: a.id, previousData: a });
    expect(removed.data).toMatchObject({ id: a.id, title: 'Удалить А' });
    const bulk = await provider.deleteMany('news', { ids: [b.id, c.id] });
    expect(bulk.data).toEqual([b.id, c.id]);
    const left = await provider.getList('news', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'Удалить' },
    });
    expect(left.total).toBe(0);
  });
});

describe('dataProvider against the real server: media', () => {
  it('deactivates a source on delete and answers it with active 0', async () => {
    const { data: source } = await provider.create('media-source', { data: { name: 'Ведомости', url: 'https://vedomosti.ru', active: 1 } });
    expect(source).toMatchObject({ name: 'Ведомости', active: 1 });
    const { data: removed } = await provider.delete('media-source', { id: source.id, previousData: source });
    expect(removed).toMatchObject({ id: source.id, active: 0 });
    const active = await provider.getList('media-source', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'name', order: 'ASC' },
      filter: { active: 1 },
    });
    expect(active.data.map((r) => r.id)).not.toContain(source.id);
    // A second removal answers the same inactive record, still confirmed by active 0.
    await expect(provider.delete('media-source', { id: source.id })).resolves.toMatchObject({ data: { active: 0 } });
    expect(SOURCE_NOT_DEACTIVATED_KEY).toBe('app.error.source_not_deactivated');
  });

  it('writes press items as JSON with their source', async () => {
    const { data: source } = await provider.create('media-source', { data: { name: 'РБК', url: 'https://rbc.ru', active: 1 } });
    const { data: press } = await provider.create('media-other', {
      data: { title: 'О нас пишут', lead: '', url: 'https://rbc.ru/a', source_id: source.id, public_at: '2025-02-01T10:00:00.000Z', published: true },
    });
    expect(press).toMatchObject({ title: typesetText('О нас пишут'), source_id: source.id, published: 1 });
    const { data: sources } = await provider.getSources('media', {});
    expect(sources.map((s) => s.name)).toContain('РБК');
  });

  it('fixes, moves and unfixes videos through their verbs', async () => {
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const { data } = await provider.create('media-video', {
        data: {
          title: `Видео ${n}`,
          lead: '',
          video_url: `https://www.youtube.com/watch?v=abcdefghij${n}`,
          public_at: `2025-01-0${n}T10:00:00.000Z`,
          published: 1,
        },
      });
      ids.push(Number(data.id));
    }
    const [first, second, third] = ids as [number, number, number];
    await provider.fix('media-video', { id: first });
    const { data: fixedSecond } = await provider.fix('media-video', { id: second });
    expect(fixedSecond).toMatchObject({ fixed: 1, fixed_order: 2 });
    const { data: moved } = await provider.moveUp('media-video', { id: second });
    expect(moved).toMatchObject({ id: second, fixed_order: 1 });
    await provider.moveDown('media-video', { id: second });
    const fixed = await provider.getList('media-video', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'fixed_order', order: 'ASC' },
      filter: { fixed: 1 },
    });
    expect(fixed.data.map((r) => r.id)).toEqual([first, second]);
    const { data: unfixed } = await provider.unfix('media-video', { id: first });
    expect(unfixed).toMatchObject({ fixed: 0, fixed_order: null });
    expect(events.filter((e) => e.resource === 'media-video').map((e) => e.action)).toEqual(expect.arrayContaining(['fix', 'moveUp', 'moveDown', 'unfix']));
    const error = await caught(provider.removeImage('media-video', { id: third }));
    expect(error.status).toBe(405);
  });
});

describe('dataProvider against the real server: photobank, text pages, plain REST', () => {
  it('adds categories and photos and moves them', async () => {
    const group = await testApp.app.db
      .insertInto('photobank_groups')
      .values({ kind: 'photo', title: 'Фото', position: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { data: c1 } = await provider.create('photobank-categories', { data: { group_id: group.id, title: 'Офис' } });
    const { data: c2 } = await provider.create('photobank-categories', { data: { group_id: group.id, title: 'Команда' } });
    await provider.moveUp('photobank-categories', { id: c2.id });
    const categories = await provider.getList('photobank-categories', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'position', order: 'ASC' },
      filter: { group_id: group.id },
    });
    expect(categories.data.map((r) => r.title)).toEqual(['Команда', 'Офис']);

    const { data: photo } = await provider.create('photobank-photos', {
      data: { category_id: c1.id, title: 'Фасад', image_alt: 'Фасад здания', image: { rawFile: await png('#22aa55') } },
    });
    expect(photo).toMatchObject({ category_id: c1.id, title: 'Фасад', image: { alt: 'Фасад здания' } });
    expect(Number(photo.size)).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ resource: 'photobank-photos', action: 'create' });
  });

  it('updates a text page by its identifier', async () => {
    const { data: page } = await provider.create('text-pages', {
      data: { identifier: 'o-kompanii', section: null, title: 'О компании', content: '<p>Старый</p>' },
    });
    const { data: updated } = await provider.update('text-pages', {
      id: page.id,
      data: { ...page, content: '<p>Новый текст</p>' },
      previousData: page,
    });
    expect(updated).toMatchObject({ id: page.id, identifier: 'o-kompanii', content: '<p>Новый текст</p>' });
  });

  it('manages users, menus and network collections as plain REST', async () => {
    const { data: user } = await provider.create('users', {
      data: { email: 'editor@example.com', name: 'Редактор', role: 'USER', active: 1, password: 'editor-password-1' },
    });
    expect(user).toMatchObject({ email: 'editor@example.com', role: 'USER' });
    expect(user).not.toHaveProperty('password_hash');
    const { data: renamed } = await provider.update('users', { id: user.id, data: { ...user, name: 'Главный редактор' }, previousData: user });
    expect(renamed.name).toBe('Главный редактор');
    const users = await provider.getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'email', order: 'ASC' }, filter: {} });
    expect(users.total).toBe(2);

    const { data: top } = await provider.create('menus', { data: { kind: 'main', parent_id: null, title: 'О нас', url: '/o-nas', position: 1 } });
    const { data: child } = await provider.create('menus', { data: { kind: 'main', parent_id: top.id, title: 'История', url: '/istoriya', position: 1 } });
    expect(child.parent_id).toBe(top.id);
    const { data: network } = await provider.create('network-collections', {
      data: { title: 'Telegram', url: 'https://t.me/x', icon: 'telegram', position: 1 },
    });
    const { data: gone } = await provider.delete('network-collections', { id: network.id, previousData: network });
    expect(gone.id).toBe(network.id);

    // A USER is refused MANAGER resources by the server (403), and may read news.
    const userToken = await loginToken('editor@example.com', 'editor-password-1');
    const asUser = createAdminDataProvider({ baseURL, transport: nodeTransport, getToken: () => userToken });
    const refused = await caught(asUser.getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} }));
    expect(refused).toMatchObject({ status: 403, message: 'Недостаточно прав.' });
    await expect(asUser.getList('news', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).resolves.toMatchObject({
      total: expect.any(Number),
    });
  });
});

describe('dataProvider against the real server: a plain REST resource with the whole admin', () => {
  it('keeps the history of a vacancy: lists it, reads a version, restores it, and gets a preview link of the draft', async () => {
    const vacancy = {
      title: 'Инженер-сметчик',
      city: 'Казань',
      employment: 'full',
      description: '<p>Сметы.</p>',
      public_at: new Date().toISOString(),
      published: 0,
    };
    const { data: created } = await provider.create('vacancies', { data: vacancy });
    const { data: updated } = await provider.update('vacancies', { id: created.id, data: { ...created, city: 'Самара' }, previousData: created });
    expect(updated.city).toBe('Самара');
    const history = await provider.getRevisions('vacancies', { id: created.id, page: 1 });
    expect(history.data.items).toHaveLength(1);
    expect(history.data.items[0]?.changed).toEqual(['city']);
    const before = await provider.getRevision('vacancies', { id: created.id, revisionId: history.data.items[0]!.id });
    expect(before.data.values.city).toBe('Казань');
    const { data: restored } = await provider.restoreRevision('vacancies', { id: created.id, revisionId: before.data.id });
    expect(restored.city).toBe('Казань');
    expect(events.at(-1)).toMatchObject({ resource: 'vacancies', action: 'restoreRevision' });
    const { data: link } = await provider.preview('vacancies', { id: created.id });
    expect(link.url).toMatch(new RegExp(`^/karera/${String(created.slug)}\\?preview=`));
  });

  it('sends an event with its picture as a multipart form and removes the picture with removeImage (its PUT sending it as null)', async () => {
    const event = { title: 'День инвестора', starts_at: '2031-05-20T07:00:00.000Z', public_at: new Date().toISOString(), published: 0 };
    const { data: created } = await provider.create('investor-events', { data: { ...event, image: { rawFile: await png('#0b5cad') } } });
    expect(created.image?.src).toMatch(/^\/uploads\//);
    const { data: withoutImage } = await provider.removeImage('investor-events', { id: created.id });
    expect(withoutImage).toMatchObject({ id: created.id, title: 'День инвестора', image: null });
    expect(events.at(-1)).toMatchObject({ resource: 'investor-events', action: 'removeImage' });
    expect((await provider.getOne('investor-events', { id: created.id })).data.image).toBeNull();
    // A plain REST resource without a picture has nothing to remove.
    expect(await caught(provider.removeImage('vacancies', { id: created.id }))).toMatchObject({ status: 405 });
  });
});

describe('dataProvider against the real server: sessions and failures', () => {
  it('sends the Bearer token: without one the server answers 401, with an expired one it says so', async () => {
    const anonymous = createAdminDataProvider({ baseURL, transport: nodeTransport, getToken: () => undefined });
    const missing = await caught(anonymous.getList('news', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} }));
    expect(missing).toMatchObject({ status: 401, message: 'Требуется авторизация.' });

    const manager = await testApp.app.db.selectFrom('users').selectAll().where('email', '=', TEST_ADMIN.email).executeTakeFirstOrThrow();
    const expired = await signAccessToken(testApp.config.jwtSecret, manager, -60);
    const stale = createAdminDataProvider({ baseURL, transport: nodeTransport, getToken: () => expired });
    const error = await caught(stale.getOne('news', { id: 1 }));
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/token expired/);
  });

  it('turns an unreachable server into the network toast', async () => {
    const nowhere = createAdminDataProvider({ baseURL: 'http://127.0.0.1:9', transport: nodeTransport, getToken: () => managerToken });
    const error = await caught(nowhere.getList('news', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} }));
    expect(error.message).toBe(NETWORK_ERROR_KEY);
  });

  it('refuses writes to read-only resources without calling the server', async () => {
    const error = await caught(provider.create('audit-log', { data: {} as RaRecord }));
    expect(error.status).toBe(405);
    const log = await provider.getList('audit-log', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { resource: 'news' },
    });
    expect(log.data.map((r) => r.action)).toEqual(expect.arrayContaining(['add', 'update', 'remove', 'remove-img']));
  });
});
