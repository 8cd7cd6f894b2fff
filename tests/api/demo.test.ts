import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceDescriptor } from '../../lib/resources/index.js';
import { vacancies } from '../../lib/resources/vacancies.js';
import { MENU_KINDS, type LogoItem, type MenuItem, type PhotobankGroup } from '../../lib/types.js';
import { declared } from '../../server/db/declared.js';
import { adminHeaders } from './admin-helpers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { readZip } from '../helpers/zip.js';

const FIXED_NEWS_SLUGS = [
  'smart-horizont-rezident-proekta-skolkovo',
  'smart-horizont-technologicheskiy-operator-v-sostave-pao-stg-poluchil-status-akkreditovannoy-it-kompanii-on-mintsifry',
  'sovet-direktorov-pao-stg-odobril-sozdaniye-it-kompanii-v-perimetre-gruppy',
];

describe.each(await testDialects())('demo content, menus, text pages and photobank on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: true });
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  it('serves the three fixed news articles under exactly their slugs, each with an image on disk', async () => {
    for (const slug of FIXED_NEWS_SLUGS) {
      const { status, body } = await get(`/api/news/item/${slug}`);
      expect(status).toBe(200);
      expect(body.data.slug).toBe(slug);
      const image = await t.app.inject({ method: 'GET', url: body.data.image.src });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(body.data.image.variants.map((variant: { format: string }) => variant.format)).toEqual(expect.arrayContaining(['webp', 'avif']));
    }
  });

  it('keeps the demo draft and the scheduled news out of the public list', async () => {
    const { body } = await get('/api/news/items');
    const titles = body.data.items.map((item: { title: string }) => item.title);
    expect(titles.some((title: string) => title.startsWith('Черновик'))).toBe(false);
    expect(titles.some((title: string) => title.startsWith('Анонс'))).toBe(false);
    expect(body.data.total).toBe(15);
  });

  it('leaves the optional dates of demo records empty: the demo vacancies are listed, and saving one unchanged is accepted', async () => {
    for (const resource of RESOURCES as readonly ResourceDescriptor[]) {
      if (!resource.demo) continue;
      const optional = Object.entries(resource.fields).filter(([, field]) => field.kind === 'date' && !field.required);
      for (const [name] of optional) {
        const rows = await declared(t.app.db).selectFrom(resource.table).select(name).execute();
        expect(rows.length, resource.name).toBeGreaterThan(0);
        expect(
          rows.filter((row) => row[name] !== null),
          `${resource.name}.${name}`,
        ).toEqual([]);
      }
    }
    const listed = (await get('/api/vacancies')).body.data;
    expect(listed.total).toBe(vacancies.demo?.records.length);
    const headers = await adminHeaders(t.app, 'USER');
    const [first] = listed.items as { id: number }[];
    const read = await t.app.inject({ method: 'GET', url: `/api/admin/vacancies/${first?.id}`, headers });
    const saved = await t.app.inject({ method: 'PUT', url: `/api/admin/vacancies/${first?.id}`, headers, payload: read.json().data });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('answers each menu kind as a tree with children attached by parent_id, and all kinds by default', async () => {
    for (const kind of MENU_KINDS) {
      const { status, body } = await get(`/api/menu/${kind}`);
      expect(status).toBe(200);
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.data.every((item: MenuItem) => item.kind === kind && item.parent_id === null)).toBe(true);
    }
    const main = (await get('/api/menu/main')).body.data as MenuItem[];
    const media = main.find((item) => item.title === 'Медиа');
    expect(media?.children.map((child) => child.url)).toEqual(['/media/nashi-novosti', '/media/smi-o-nas', '/media/video', '/media/photobank']);
    expect(media?.children.every((child) => child.parent_id === media.id)).toBe(true);
    const all = (await get('/api/menu')).body.data as MenuItem[];
    expect(new Set(all.map((item) => item.kind))).toEqual(new Set(MENU_KINDS));
    expect((await get('/api/menu/all')).body.data).toEqual(all);
    expect((await get('/api/menu/sidebar')).status).toBe(404);
  });

  it('serves text pages by identifier and 404s unknown ones', async () => {
    const { status, body } = await get('/api/text-pages/content/informatsiya-dlya-aktsionerov');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ identifier: 'informatsiya-dlya-aktsionerov', section: 'investoram', title: 'Информация для акционеров' });
    expect(body.data.content).toContain('<p>');
    expect((await get('/api/text-pages/content/net-takoy-stranitsy')).status).toBe(404);
  });

  it('lists network collections in order', async () => {
    const { body } = await get('/api/network/collections');
    expect(body.data.map((item: { icon: string }) => item.icon)).toEqual(['vk', 'telegram', 'ok', 'dzen']);
  });

  it('answers logo groups with categories and items in order, logos with files and colours with all four codes', async () => {
    const groups = (await get('/api/photobank/logos')).body.data as PhotobankGroup<LogoItem>[];
    expect(groups).toHaveLength(1);
    const first = groups[0]!.categories[0]!;
    expect(first.items.map((item) => item.position)).toEqual([...first.items.keys()]);
    const logo = first.items.find((item) => item.type === 'logo');
    const colour = first.items.find((item) => item.type === 'colour');
    expect(logo?.type === 'logo' && logo.files.map((file) => file.format)).toEqual(['svg', 'png']);
    expect(colour).toMatchObject({ hex: '#0B5CAD', rgb: '11, 92, 173', cmyk: '94, 47, 0, 32', pantone: '2945 C' });
    const svg = await t.app.inject({ method: 'GET', url: logo?.type === 'logo' ? logo.files[0]!.url : '' });
    expect(svg.headers['content-security-policy']).toContain('sandbox');
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers photo groups with categories and photos', async () => {
    const groups = (await get('/api/photobank/photos')).body.data;
    expect(groups[0].categories.map((category: { title: string }) => category.title)).toEqual(['Офисы', 'Команда']);
    expect(groups[0].categories[0].items[0].image.src).toMatch(/^\/uploads\/photobank\/photos\//);
  });

  it('streams a ZIP that opens and holds every logo file byte for byte', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/photobank/logos/archive' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="logos.zip"');
    const entries = await readZip(response.rawPayload);
    const files = await t.app.db.selectFrom('photobank_logo_files').select(['file', 'format']).execute();
    expect(entries).toHaveLength(files.length);
    const onDisk = await Promise.all(files.map((file) => readFile(path.join(t.config.uploadsDir, file.file))));
    expect(entries.map((entry) => entry.data.toString('base64')).sort()).toEqual(onDisk.map((data) => data.toString('base64')).sort());
    expect(entries.map((entry) => entry.name)).toContain('Логотипы/Основной логотип/Основной логотип.svg');
  });
});
