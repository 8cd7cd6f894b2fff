import { sql, type Kysely } from 'kysely';
import type { ContentServices } from '../../lib/content.js';
import { pageCountOf, PAGE_SIZES } from '../../lib/paging.js';
import type { LogoItem, Photo, PhotobankGroup, PhotobankKind } from '../../lib/types.js';
import type { Database } from '../db/schema.js';
import { toPublicImage, uploadUrl } from './mappers.js';

const PER_PAGE = PAGE_SIZES.photobankCategory;

/** The tables of each kind's items. */
const ITEM_TABLES = { logo: 'photobank_logo_items', photo: 'photobank_photos' } as const satisfies Record<PhotobankKind, keyof Database>;

/** How many items each category holds. */
async function countsOf(db: Kysely<Database>, kind: PhotobankKind, categoryIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom(ITEM_TABLES[kind])
    .select(['category_id', (eb) => eb.fn.countAll().as('count')])
    .where('category_id', 'in', categoryIds)
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((row) => [row.category_id, Number(row.count)]));
}

/**
 * The ids of each category's first page of items, in order: ranked within their category, so one query answers
 * every category however many items each holds.
 */
async function firstPageIds(db: Kysely<Database>, kind: PhotobankKind, categoryIds: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom(ITEM_TABLES[kind])
        .select(['id', sql<number>`row_number() over (partition by category_id order by position, id)`.as('rank')])
        .where('category_id', 'in', categoryIds)
        .as('ranked'),
    )
    .select('id')
    .where('rank', '<=', PER_PAGE)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Groups of one kind with their categories, each in position order, with their first page of items (placed by
 * `itemsOf`, given the items' ids) and their counts.
 */
async function groupsOf<T>(db: Kysely<Database>, kind: PhotobankKind, itemsOf: (ids: number[]) => Promise<Map<number, T[]>>): Promise<PhotobankGroup<T>[]> {
  const groups = await db.selectFrom('photobank_groups').selectAll().where('kind', '=', kind).orderBy('position').orderBy('id').execute();
  if (groups.length === 0) return [];
  const categories = await db
    .selectFrom('photobank_categories')
    .selectAll()
    .where(
      'group_id',
      'in',
      groups.map((group) => group.id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  const categoryIds = categories.map((category) => category.id);
  const [items, counts] = categoryIds.length
    ? await Promise.all([
        firstPageIds(db, kind, categoryIds).then((ids) => (ids.length ? itemsOf(ids) : new Map<number, T[]>())),
        countsOf(db, kind, categoryIds),
      ])
    : [new Map<number, T[]>(), new Map<number, number>()];
  return groups.map((group) => ({
    ...group,
    categories: categories
      .filter((category) => category.group_id === group.id)
      .map((category) => {
        const total = counts.get(category.id) ?? 0;
        return {
          id: category.id,
          title: category.title,
          position: category.position,
          items: items.get(category.id) ?? [],
          total,
          pageCount: pageCountOf(total, PER_PAGE),
        };
      }),
  }));
}

function groupBy<T, K>(values: T[], key: (value: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const value of values) {
    const list = groups.get(key(value));
    if (list) list.push(value);
    else groups.set(key(value), [value]);
  }
  return groups;
}

/** Every logo file with the names it has in the logo archive, in photobank order. */
export async function listLogoFiles(db: Kysely<Database>) {
  return db
    .selectFrom('photobank_logo_files as f')
    .innerJoin('photobank_logo_items as i', 'i.id', 'f.item_id')
    .innerJoin('photobank_categories as c', 'c.id', 'i.category_id')
    .innerJoin('photobank_groups as g', 'g.id', 'c.group_id')
    .select(['f.id', 'f.file', 'f.format', 'i.title as item', 'c.title as category', 'g.title as group'])
    .orderBy('g.position')
    .orderBy('g.id')
    .orderBy('c.position')
    .orderBy('c.id')
    .orderBy('i.position')
    .orderBy('i.id')
    .orderBy('f.position')
    .orderBy('f.id')
    .execute();
}

/** Logo items by their ids, in order, each with its files (a colour has none). */
async function logoItemsByIds(db: Kysely<Database>, ids: number[]): Promise<(LogoItem & { category_id: number })[]> {
  const items = await db.selectFrom('photobank_logo_items').selectAll().where('id', 'in', ids).orderBy('position').orderBy('id').execute();
  const files = items.length
    ? await db
        .selectFrom('photobank_logo_files')
        .selectAll()
        .where(
          'item_id',
          'in',
          items.map((item) => item.id),
        )
        .orderBy('position')
        .orderBy('id')
        .execute()
    : [];
  const filesByItem = groupBy(files, (file) => file.item_id);
  return items.map((item): LogoItem & { category_id: number } =>
    item.type === 'colour'
      ? {
          category_id: item.category_id,
          type: 'colour',
          id: item.id,
          title: item.title,
          position: item.position,
          hex: item.hex,
          rgb: item.rgb,
          cmyk: item.cmyk,
          pantone: item.pantone,
        }
      : {
          category_id: item.category_id,
          type: 'logo',
          id: item.id,
          title: item.title,
          position: item.position,
          preview: item.preview ? uploadUrl(item.preview) : null,
          files: (filesByItem.get(item.id) ?? []).map((file) => ({ id: file.id, format: file.format, url: uploadUrl(file.file), size: file.size })),
        },
  );
}

/** Photos by their ids, in order. */
async function photosByIds(db: Kysely<Database>, ids: number[]): Promise<(Photo & { category_id: number })[]> {
  const rows = await db.selectFrom('photobank_photos').selectAll().where('id', 'in', ids).orderBy('position').orderBy('id').execute();
  return rows.map((row) => ({
    category_id: row.category_id,
    id: row.id,
    title: row.title,
    image: toPublicImage(row.image, row.image_alt || row.title),
    size: row.size,
    position: row.position,
  }));
}

/** Items placed in their categories, without the category id they were placed by. */
function byCategory<T>(entries: (T & { category_id: number })[]): Map<number, T[]> {
  return new Map([...groupBy(entries, (entry) => entry.category_id)].map(([id, list]) => [id, list.map(({ category_id: _, ...entry }) => entry as T)]));
}

export function createPhotobankService(db: Kysely<Database>): ContentServices['photobank'] {
  /** The ids of one page of a category's items, in order. */
  const pageIds = async (kind: PhotobankKind, categoryId: number, page: number) =>
    (
      await db
        .selectFrom(ITEM_TABLES[kind])
        .select('id')
        .where('category_id', '=', categoryId)
        .orderBy('position')
        .orderBy('id')
        .limit(PER_PAGE)
        .offset((page - 1) * PER_PAGE)
        .execute()
    ).map((row) => row.id);

  return {
    logos: () => groupsOf<LogoItem>(db, 'logo', async (ids) => byCategory(await logoItemsByIds(db, ids))),
    photos: () => groupsOf<Photo>(db, 'photo', async (ids) => byCategory(await photosByIds(db, ids))),
    async category(id, page) {
      const found = await db
        .selectFrom('photobank_categories as c')
        .innerJoin('photobank_groups as g', 'g.id', 'c.group_id')
        .select(['c.id', 'c.title', 'g.kind', 'g.title as group'])
        .where('c.id', '=', id)
        .executeTakeFirst();
      if (!found) return null;
      const { kind, ...category } = found;
      const [ids, counts] = await Promise.all([pageIds(kind, id, page), countsOf(db, kind, [id])]);
      const total = counts.get(id) ?? 0;
      const paging = { page, perPage: PER_PAGE, pageCount: pageCountOf(total, PER_PAGE), total };
      if (kind === 'logo') return { kind, category, list: { ...paging, items: byCategory(ids.length ? await logoItemsByIds(db, ids) : []).get(id) ?? [] } };
      return { kind, category, list: { ...paging, items: byCategory(ids.length ? await photosByIds(db, ids) : []).get(id) ?? [] } };
    },
  };
}
