import type { Kysely } from 'kysely';
import type { ContentServices } from '../../lib/content.js';
import type { LogoItem, Photo, PhotobankGroup, PhotobankKind } from '../../lib/types.js';
import type { Database } from '../db/schema.js';
import { toPublicImage, uploadUrl } from './mappers.js';

/** Groups of one kind with their categories, each in position order, the items placed by `itemsOf`. */
async function groupsOf<T>(
  db: Kysely<Database>,
  kind: PhotobankKind,
  itemsOf: (categoryIds: number[]) => Promise<Map<number, T[]>>,
): Promise<PhotobankGroup<T>[]> {
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
  const items = categories.length ? await itemsOf(categories.map((category) => category.id)) : new Map<number, T[]>();
  return groups.map((group) => ({
    ...group,
    categories: categories
      .filter((category) => category.group_id === group.id)
      .map((category) => ({ id: category.id, title: category.title, position: category.position, items: items.get(category.id) ?? [] })),
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

export function createPhotobankService(db: Kysely<Database>): ContentServices['photobank'] {
  return {
    logos: () =>
      groupsOf<LogoItem>(db, 'logo', async (categoryIds) => {
        const items = await db
          .selectFrom('photobank_logo_items')
          .selectAll()
          .where('category_id', 'in', categoryIds)
          .orderBy('position')
          .orderBy('id')
          .execute();
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
        const entries = items.map((item): LogoItem & { category_id: number } =>
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
        return new Map([...groupBy(entries, (entry) => entry.category_id)].map(([id, list]) => [id, list.map(({ category_id: _, ...entry }) => entry)]));
      }),
    photos: () =>
      groupsOf<Photo>(db, 'photo', async (categoryIds) => {
        const rows = await db.selectFrom('photobank_photos').selectAll().where('category_id', 'in', categoryIds).orderBy('position').orderBy('id').execute();
        return new Map(
          [...groupBy(rows, (row) => row.category_id)].map(([id, list]) => [
            id,
            list.map((row) => ({
              id: row.id,
              title: row.title,
              image: toPublicImage(row.image, row.image_alt || row.title),
              size: row.size,
              position: row.position,
            })),
          ]),
        );
      }),
  };
}
