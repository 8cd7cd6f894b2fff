import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '../../lib/paging.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { ensureSiteBuilt } from '../site/server.js';
import { wholeSitemap } from '../helpers/sitemap.js';

const PER_PAGE = PAGE_SIZES.photobankCategory;
const PHOTOS = PER_PAGE * 2 + 6;
/** A title no other photo's title contains: «Снимок 1 из …» would be found inside «Снимок 12 из …». */
const photoTitle = (n: number) => `Снимок [${n}]`;

/**
 * The photobank's pages stay bounded however many photos a category holds: the photobank page shows each category's
 * first page and leads on to the category's own pages (`?page=N`, and their JSON for «Показать ещё»).
 */
describe.each(await testDialects())('photobank pages on %s', (dialect) => {
  let t: TestApp;
  let category: number;
  let logoCategory: number;

  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect);
    const group = async (kind: 'logo' | 'photo') =>
      (
        await t.app.db
          .insertInto('photobank_groups')
          .values({ kind, title: `Группа ${kind}`, position: 99 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const categoryIn = async (groupId: number, title: string) =>
      (await t.app.db.insertInto('photobank_categories').values({ group_id: groupId, title, position: 1 }).returning('id').executeTakeFirstOrThrow()).id;
    category = await categoryIn(await group('photo'), 'Производство');
    logoCategory = await categoryIn(await group('logo'), 'Цвета бренда');
    await t.app.db
      .insertInto('photobank_photos')
      .values(
        Array.from({ length: PHOTOS }, (_, n) => ({ category_id: category, title: photoTitle(n + 1), image: null, image_alt: '', size: 0, position: n + 1 })),
      )
      .execute();
    await t.app.db
      .insertInto('photobank_logo_items')
      .values(
        Array.from({ length: PER_PAGE + 1 }, (_, n) => ({
          category_id: logoCategory,
          type: 'colour',
          title: `Цвет ${n + 1}`,
          hex: '#0B5CAD',
          rgb: '',
          cmyk: '',
          pantone: '',
          position: n + 1,
        })),
      )
      .execute();
  }, 240_000);
  afterAll(() => t?.close());

  /** The photos a page shows, in order (the markup and the data the page hydrates from both name them). */
  const titlesIn = (html: string) => [...new Set([...html.matchAll(/Снимок \[(\d+)\]/g)].map((match) => Number(match[1])))];

  it('shows a category with more photos than one page with its first page and «Показать ещё» leading to ?page=2', async () => {
    const page = await t.app.inject('/media/photobank');
    expect(page.statusCode).toBe(200);
    expect(titlesIn(page.body)).toEqual(Array.from({ length: PER_PAGE }, (_, n) => n + 1));
    expect(page.body).toMatch(new RegExp(`<a class="button button--ghost" href="/media/photobank/${category}\\?page=2"[^>]*>Показать ещё</a>`));
    expect(page.body).toContain(`href="/media/photobank/${category}"`);
    expect(await wholeSitemap(async (path) => (await t.app.inject(path)).body)).toContain(`/media/photobank/${category}</loc>`);

    const groups = (await t.app.inject('/api/photobank/photos')).json().data as {
      categories: { id: number; items: unknown[]; total: number; pageCount: number }[];
    }[];
    const listed = groups.flatMap((group) => group.categories).find((entry) => entry.id === category);
    expect(listed).toMatchObject({ total: PHOTOS, pageCount: 3 });
    expect(listed?.items).toHaveLength(PER_PAGE);
  });

  it('pages through a category on its own page: real addresses, page links, the JSON «Показать ещё» reads, 404 past the end', async () => {
    const first = await t.app.inject(`/media/photobank/${category}`);
    expect(first.statusCode).toBe(200);
    expect(titlesIn(first.body)).toEqual(Array.from({ length: PER_PAGE }, (_, n) => n + 1));
    expect(first.body).toContain('Показать ещё');
    expect(first.body).toContain(`href="/media/photobank/${category}?page=2"`);

    const second = await t.app.inject(`/media/photobank/${category}?page=2`);
    expect(second.statusCode).toBe(200);
    expect(titlesIn(second.body)).toEqual(Array.from({ length: PER_PAGE }, (_, n) => PER_PAGE + n + 1));
    expect(second.body).toContain('<title>Производство — Фотобанк - страница 2');
    expect(second.body).toContain(`href="/media/photobank/${category}?page=3"`);

    const last = (await t.app.inject(`/api/photobank/categories/${category}?page=3`)).json().data;
    expect(last).toMatchObject({ kind: 'photo', category: { id: category, title: 'Производство' }, list: { page: 3, pageCount: 3, total: PHOTOS } });
    expect(last.list.items.map((photo: { title: string }) => photo.title)).toEqual(Array.from({ length: 6 }, (_, n) => photoTitle(PER_PAGE * 2 + n + 1)));

    expect((await t.app.inject(`/media/photobank/${category}?page=4`)).statusCode).toBe(404);
    expect((await t.app.inject(`/media/photobank/${category}?page=1`)).headers.location).toBe(`/media/photobank/${category}`);
    for (const unknown of ['/media/photobank/999999', '/media/photobank/abc', '/api/photobank/categories/999999']) {
      expect((await t.app.inject(unknown)).statusCode).toBe(404);
    }
  });

  it('pages logo categories the same way: colours past the first page are on page 2', async () => {
    const page = await t.app.inject('/media/photobank');
    expect(page.body).toContain(`href="/media/photobank/${logoCategory}?page=2"`);
    const second = (await t.app.inject(`/api/photobank/categories/${logoCategory}?page=2`)).json().data;
    expect(second).toMatchObject({ kind: 'logo', list: { items: [{ type: 'colour', title: `Цвет ${PER_PAGE + 1}` }], pageCount: 2 } });
    const html = (await t.app.inject(`/media/photobank/${logoCategory}?page=2`)).body;
    expect(html).toContain(`Цвет ${PER_PAGE + 1}`);
    expect(html).not.toContain('>Цвет 1<');
  });
});
