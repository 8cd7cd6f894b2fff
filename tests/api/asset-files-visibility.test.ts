import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredImage } from '../../lib/types.js';
import { renderDocumentPdf } from '../../server/demo/images.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { startObjectStorage, type TestObjectStorage } from '../helpers/s3.js';
import { adminHeaders, pngImage, postForm, type FilePart } from './admin-helpers.js';

interface Asset {
  id: number;
  url: string;
  variants?: { src: string }[];
  crops?: { src: string }[];
}

const daysAhead = (days: number) => daysAgo(-days);
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The library, a news record using its assets, and what anonymous visitors and the staff get of the files. */
function filesOf(t: () => TestApp, staff: () => Record<string, string>) {
  const picture = async (colour: string): Promise<Asset> => {
    const file: FilePart = { field: 'file', filename: 'Фото.png', data: await pngImage(900, 600, colour), type: 'image/png' };
    const answer = await postForm(t().app, '/api/admin/assets/upload', staff(), {}, [file]);
    expect(answer.statusCode, answer.body).toBe(201);
    const asset = answer.json().asset as Asset;
    return (await t().app.inject({ url: `/api/admin/assets/${asset.id}`, headers: staff() })).json().data as Asset;
  };
  const document = async (label: string): Promise<Asset> => {
    const file: FilePart = { field: 'file', filename: 'Отчёт.pdf', data: renderDocumentPdf(label), type: 'application/pdf' };
    return (await postForm(t().app, '/api/admin/assets/upload', staff(), {}, [file])).json().asset as Asset;
  };
  /** Every address of a picture: its file, variants and crops, and its lasting address. */
  const addressesOf = (asset: Asset): string[] => [
    asset.url,
    ...(asset.variants ?? []).map((variant) => variant.src),
    ...(asset.crops ?? []).map((crop) => crop.src),
    `/api/assets/${asset.id}/file`,
  ];
  const statuses = async (urls: string[], headers: Record<string, string> = {}) =>
    Promise.all(urls.map(async (url) => (await t().app.inject({ url, headers })).statusCode));
  const news = async (values: Record<string, unknown>) => {
    const added = await t().app.inject({ method: 'POST', url: '/api/admin/news/add', headers: staff(), payload: { title: 'Новость', ...values } });
    expect(added.statusCode, added.body).toBe(200);
    return added.json().data as { id: number };
  };
  return { picture, document, addressesOf, statuses, news };
}

describe.each(await testDialects())('files follow the visibility of the records using them on %s', (dialect) => {
  let t: TestApp;
  let staff: Record<string, string>;
  const files = filesOf(
    () => t,
    () => staff,
  );

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SITE_LOCALES: 'ru,en' } });
    staff = await adminHeaders(t.app, 'USER');
  }, 120_000);
  afterAll(() => t.close());

  it('keeps a fresh upload used by nothing to the staff: 404 to visitors, served to a Bearer header or the access cookie, cached privately', async () => {
    const asset = await files.picture('#101010');
    const addresses = files.addressesOf(asset);
    expect(addresses.length).toBeGreaterThan(3);
    expect(await files.statuses(addresses)).toEqual(addresses.map(() => 404));
    expect(await files.statuses(addresses, staff)).toEqual(addresses.map(() => 200));
    const cookie = `theme=dark; access_token=${staff.authorization!.replace(/^Bearer /, '')}`;
    expect(await files.statuses(addresses, { cookie })).toEqual(addresses.map(() => 200));
    const served = await t.app.inject({ url: asset.url, headers: { cookie } });
    expect(served.headers['cache-control']).toBe('private, no-cache');
    expect((await t.app.inject({ url: `/api/assets/${asset.id}/file`, headers: staff })).headers['cache-control']).toBe('private, no-cache');
    expect(await files.statuses(addresses, { cookie: 'access_token=not.a.token' })).toEqual(addresses.map(() => 404));
    expect((await t.app.inject({ url: asset.url })).json()).toEqual({ message: 'Файл не найден.' });
  });

  it('serves to visitors the files of a record they see, and not those of a draft, a scheduled, a withdrawn or a trashed one', async () => {
    const cases = {
      live: { published: 1, public_at: daysAgo(1) },
      draft: { published: 0, public_at: daysAgo(1) },
      scheduled: { published: 1, public_at: daysAhead(2) },
      withdrawn: { published: 1, public_at: daysAgo(5), unpublish_at: daysAgo(1) },
      trashed: { published: 1, public_at: daysAgo(1) },
    };
    const seen: Record<string, number[]> = {};
    let colour = 0x20;
    for (const [name, values] of Object.entries(cases)) {
      const picture = await files.picture(`#${(colour++).toString(16).padStart(2, '0')}4080`);
      const added = await files.news({ ...values, image: { asset: picture.id } });
      if (name === 'trashed') expect((await t.app.inject({ method: 'POST', url: `/api/admin/news/remove/${added.id}`, headers: staff })).statusCode).toBe(200);
      const addresses = files.addressesOf(picture);
      seen[name] = await files.statuses(addresses);
      expect(await files.statuses(addresses, staff), name).toEqual(addresses.map(() => 200));
      if (name === 'live') expect((await t.app.inject({ url: picture.url })).headers['cache-control']).toBe(IMMUTABLE);
    }
    expect(Object.fromEntries(Object.entries(seen).map(([name, codes]) => [name, [...new Set(codes)]]))).toEqual({
      live: [200],
      draft: [404],
      scheduled: [404],
      withdrawn: [404],
      trashed: [404],
    });
  });

  it('serves a document linked from the text of a visible record, and stops when the record is unpublished', async () => {
    const report = await files.document('Linked report');
    const lasting = `/api/assets/${report.id}/file`;
    const added = await files.news({ published: 1, public_at: daysAgo(1), content: `<p><a href="${lasting}">Отчёт</a></p>` });
    expect(await files.statuses([lasting])).toEqual([200]);
    const unpublished = await t.app.inject({ method: 'POST', url: `/api/admin/news/update/${added.id}`, headers: staff, payload: { published: 0 } });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(await files.statuses([lasting])).toEqual([404]);
    expect(await files.statuses([lasting], staff)).toEqual([200]);
  });

  it("serves what only a visible record's English text links, and what a text page shows (site-wide pages have no draft)", async () => {
    const english = await files.document('English report');
    const lasting = `/api/assets/${english.id}/file`;
    const translations = JSON.stringify({ en: { title: 'News', content: `<p><a href="${lasting}">Report</a></p>` } });
    const added = await postForm(t.app, '/api/admin/news/add', staff, { title: 'Новость', public_at: daysAgo(1), published: 0, translations });
    expect(added.statusCode, added.body).toBe(200);
    expect(await files.statuses([lasting])).toEqual([404]);
    const published = await t.app.inject({ method: 'POST', url: `/api/admin/news/update/${added.json().data.id}`, headers: staff, payload: { published: 1 } });
    expect(published.statusCode, published.body).toBe(200);
    expect(await files.statuses([lasting])).toEqual([200]);

    const office = await files.picture('#778899');
    const manager = await adminHeaders(t.app, 'MANAGER');
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/admin/text-pages/add',
      headers: manager,
      payload: {
        identifier: 'ofis',
        title: 'Офис',
        section: 'investoram',
        content: `<figure class="image-full"><img src="/api/assets/${office.id}/file" alt=""></figure>`,
      },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(new Set(await files.statuses(files.addressesOf(office)))).toEqual(new Set([200]));
  });

  it('answers a walk over the lasting addresses only for the files of visible records', async () => {
    const visible = await files.picture('#aa0000');
    await files.news({ published: 1, public_at: daysAgo(1), image: { asset: visible.id } });
    const hidden = await files.picture('#00aa00');
    await files.news({ published: 0, public_at: daysAgo(1), image: { asset: hidden.id } });
    const top = Math.max(visible.id, hidden.id);
    const answered: number[] = [];
    for (let id = 1; id <= top + 5; id++) if ((await t.app.inject({ url: `/api/assets/${id}/file` })).statusCode === 200) answered.push(id);
    expect(answered).toContain(visible.id);
    expect(answered).not.toContain(hidden.id);
    const live = await t.app.db.selectFrom('asset_uses').select('asset_id').distinct().execute();
    expect(answered.every((id) => live.some((use) => use.asset_id === id))).toBe(true);
  });
});

describe('files in the bucket, streamed by the server, follow the visibility of their records', () => {
  let storage: TestObjectStorage;
  let t: TestApp;
  let staff: Record<string, string>;
  const files = filesOf(
    () => t,
    () => staff,
  );

  beforeAll(async () => {
    storage = await startObjectStorage();
    t = await createTestApp('sqlite', { env: storage.env });
    staff = await adminHeaders(t.app, 'USER');
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
  });

  it("streams a draft's picture to the staff only, and a visible record's to anyone", async () => {
    const picture = await files.picture('#334455');
    const draft = await files.news({ published: 0, public_at: daysAgo(1), image: { asset: picture.id } });
    const addresses = files.addressesOf(picture);
    expect(await files.statuses(addresses)).toEqual(addresses.map(() => 404));
    expect(await files.statuses(addresses, staff)).toEqual(addresses.map(() => 200));
    await t.app.inject({ method: 'POST', url: `/api/admin/news/update/${draft.id}`, headers: staff, payload: { published: 1 } });
    expect(await files.statuses(addresses)).toEqual(addresses.map(() => 200));
  });
});

describe.each(await testDialects())('a video’s preview, which comes with the video and not from the library, on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: true });
  }, 240_000);
  afterAll(() => t.close());

  it('is served to visitors while the video is visible, its variants and crops too, and to nobody once it is withdrawn', async () => {
    const video = await t.app.db
      .selectFrom('media_video')
      .select(['id', 'preview'])
      .where('preview', 'is not', null)
      .where('published', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const image = JSON.parse(video.preview ?? '') as StoredImage;
    const urls = [image.src, ...image.variants.map((variant) => variant.src), ...(image.crops ?? []).map((crop) => crop.src)].map((key) => `/uploads/${key}`);
    expect(image.crops?.length).toBeGreaterThan(0);
    const statuses = () => Promise.all(urls.map(async (url) => (await t.app.inject({ url })).statusCode));
    expect(await statuses()).toEqual(urls.map(() => 200));

    await t.app.db.updateTable('media_video').set({ published: 0 }).where('id', '=', video.id).execute();
    expect(await statuses()).toEqual(urls.map(() => 404));
  });
});
