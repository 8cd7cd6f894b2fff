import type { Kysely, Selectable } from 'kysely';
import type { ContentServices } from '../../lib/content.js';
import { pageCountOf, PAGE_SIZES } from '../../lib/paging.js';
import type { LogoItem, Photo, PhotobankGroup, PhotobankKind } from '../../lib/types.js';
import type { Database } from '../db/schema.js';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import { photobankCategories, photobankLogos, photobankPhotos } from '../../lib/resources/photobank.js';
import { DEFAULT_LOCALE, type Locale, type TranslationLocale } from '../../lib/locales.js';
import { translatedIn, withTranslatedValues } from '../translations/publicReads.js';
import { translatedAmong } from '../translations/store.js';
import { orderedIndex, sortedBy, type RowOrder } from './listIndexes.js';
import { toPublicImage, uploadUrl } from './mappers.js';
import { pageOfKeys, type KeepPerGeneration } from './paging.js';

const PER_PAGE = PAGE_SIZES.photobankCategory;
const CATEGORIES_PER_PAGE = PAGE_SIZES.photobankCategories;

/** The tables of each kind's items. */
const ITEM_TABLES = { logo: 'photobank_logo_items', photo: 'photobank_photos' } as const satisfies Record<PhotobankKind, keyof Database>;

/** The order of a category's items. */
const ITEM_ORDER = [
  ['position', 'asc'],
  ['id', 'asc'],
] as const satisfies RowOrder;

/** The indexes a category's items are read through, in their order. */
export const PHOTOBANK_INDEXES = [orderedIndex(photobankLogos, ['category_id'], ITEM_ORDER), orderedIndex(photobankPhotos, ['category_id'], ITEM_ORDER)];

/** The kinds in the order the photobank page shows them. */
const KINDS: readonly PhotobankKind[] = ['logo', 'photo'];

type GroupRow = Selectable<Database['photobank_groups']>;
interface CategoryRow {
  id: number;
  title: string;
  position: number;
  group_id: number;
  kind: PhotobankKind;
}

/**
 * Every group and category in the photobank's order (logos first, then by position): a few hundred small rows. In
 * another language than Russian (`english`), only the categories translated into it, under their titles in it.
 */
async function photobankTree(db: Kysely<Database>, english: TranslationLocale | null): Promise<{ groups: GroupRow[]; categories: CategoryRow[] }> {
  const [groups, categories] = await Promise.all([
    db.selectFrom('photobank_groups').selectAll().orderBy('position').orderBy('id').execute(),
    db
      .selectFrom('photobank_categories as c')
      .innerJoin('photobank_groups as g', 'g.id', 'c.group_id')
      .select(['c.id', 'c.title', 'c.position', 'c.group_id', 'g.kind'])
      .orderBy('g.position')
      .orderBy('g.id')
      .orderBy('c.position')
      .orderBy('c.id')
      .execute(),
  ]);
  const byKind = (kind: PhotobankKind) => KINDS.indexOf(kind);
  const sorted = [...categories].sort((a, b) => byKind(a.kind) - byKind(b.kind));
  if (!english) return { groups, categories: sorted };
  const translated = await translatedAmong(
    db,
    photobankCategories,
    sorted.map((category) => category.id),
    english,
  );
  return {
    groups,
    categories: await withTranslatedValues(
      db,
      photobankCategories,
      english,
      sorted.filter((category) => translated.has(category.id)),
    ),
  };
}

/**
 * The groups of one kind holding `categories` (in order), each category with its first page of items and its count:
 * both from the category's kept order of items (`idsOf`), the items then placed by `itemsOf`, given their ids.
 */
async function groupsOf<T>(
  kind: PhotobankKind,
  tree: { groups: GroupRow[]; categories: CategoryRow[] },
  categories: CategoryRow[],
  idsOf: (categoryId: number) => Promise<readonly number[]>,
  itemsOf: (ids: number[]) => Promise<Map<number, T[]>>,
): Promise<PhotobankGroup<T>[]> {
  const orders = new Map(await Promise.all(categories.map(async (category) => [category.id, await idsOf(category.id)] as const)));
  const firstPages = [...orders.values()].flatMap((ids) => ids.slice(0, PER_PAGE));
  const items = firstPages.length ? await itemsOf(firstPages) : new Map<number, T[]>();
  const shown = new Set(categories.map((category) => category.group_id));
  return tree.groups
    .filter((group) => group.kind === kind && shown.has(group.id))
    .map((group) => ({
      ...group,
      categories: categories
        .filter((category) => category.group_id === group.id)
        .map((category) => {
          const total = orders.get(category.id)?.length ?? 0;
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

/** Rows with their localized fields in the language read (`english`; as they are in Russian). */
const inLanguage = <R extends object>(db: Kysely<Database>, resource: ResourceDescriptor, english: TranslationLocale | null, rows: R[]): Promise<R[]> | R[] =>
  english ? withTranslatedValues(db, resource, english, rows) : rows;

/** Logo items by their ids, in order, each with its files (a colour has none). */
async function logoItemsByIds(db: Kysely<Database>, ids: number[], english: TranslationLocale | null): Promise<(LogoItem & { category_id: number })[]> {
  const items = await inLanguage(
    db,
    photobankLogos,
    english,
    await db.selectFrom('photobank_logo_items').selectAll().where('id', 'in', ids).orderBy('position').orderBy('id').execute(),
  );
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
async function photosByIds(db: Kysely<Database>, ids: number[], english: TranslationLocale | null): Promise<(Photo & { category_id: number })[]> {
  const rows = await inLanguage(
    db,
    photobankPhotos,
    english,
    await db.selectFrom('photobank_photos').selectAll().where('id', 'in', ids).orderBy('position').orderBy('id').execute(),
  );
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

/**
 * The photobank as visitors read it. In another language than Russian (`locale`) it holds only the categories and
 * items translated into it, in its words (the groups' titles are not translated), kept apart per language.
 */
export function createPhotobankService(db: Kysely<Database>, keep: KeepPerGeneration, locale: Locale = DEFAULT_LOCALE): ContentServices['photobank'] {
  const english = locale !== DEFAULT_LOCALE ? locale : null;
  const kept = (key: string) => (english ? `${english}:${key}` : key);
  const tree = () => keep(kept('photobank:tree'), () => photobankTree(db, english));

  /** The ids of a category's items in order, kept per generation. */
  const itemIds = (kind: PhotobankKind, categoryId: number) =>
    keep(kept(`photobank:${kind}:${categoryId}`), async () => {
      const items = db.selectFrom(ITEM_TABLES[kind]).select('id').where('category_id', '=', categoryId);
      const shown = english ? items.where(translatedIn(kind === 'logo' ? photobankLogos : photobankPhotos, english)) : items;
      return (await sortedBy(shown, ITEM_ORDER).execute()).map((row) => row.id);
    });

  const logosIn = async (whole: Awaited<ReturnType<typeof tree>>, categories: CategoryRow[]) =>
    groupsOf<LogoItem>(
      'logo',
      whole,
      categories,
      (id) => itemIds('logo', id),
      async (ids) => byCategory(await logoItemsByIds(db, ids, english)),
    );
  const photosIn = async (whole: Awaited<ReturnType<typeof tree>>, categories: CategoryRow[]) =>
    groupsOf<Photo>(
      'photo',
      whole,
      categories,
      (id) => itemIds('photo', id),
      async (ids) => byCategory(await photosByIds(db, ids, english)),
    );

  /** One page of the categories of `kinds`, in order. */
  const categoriesPage = async (kinds: readonly PhotobankKind[], page: number) => {
    const whole = await tree();
    const all = whole.categories.filter((category) => kinds.includes(category.kind));
    const categories = all.slice((page - 1) * CATEGORIES_PER_PAGE, page * CATEGORIES_PER_PAGE);
    const ofKind = (kind: PhotobankKind) => categories.filter((category) => category.kind === kind);
    return { whole, pageCount: pageCountOf(all.length, CATEGORIES_PER_PAGE), ofKind };
  };

  return {
    async overview(page) {
      const { whole, pageCount, ofKind } = await categoriesPage(KINDS, page);
      const [logos, photos] = await Promise.all([logosIn(whole, ofKind('logo')), photosIn(whole, ofKind('photo'))]);
      return { logos, photos, page, pageCount };
    },
    async logos(page) {
      const { whole, ofKind } = await categoriesPage(['logo'], page);
      return logosIn(whole, ofKind('logo'));
    },
    async photos(page) {
      const { whole, ofKind } = await categoriesPage(['photo'], page);
      return photosIn(whole, ofKind('photo'));
    },
    async category(id, page) {
      const whole = await tree();
      const found = whole.categories.find((category) => category.id === id);
      if (!found) return null;
      const group = whole.groups.find((entry) => entry.id === found.group_id);
      const category = { id: found.id, title: found.title, group: group?.title ?? '' };
      const ids = itemIds(found.kind, id);
      if (found.kind === 'logo') {
        return {
          kind: 'logo',
          category,
          list: await pageOfKeys(page, PER_PAGE, ids, async (keys) => byCategory(await logoItemsByIds(db, [...keys], english)).get(id) ?? []),
        };
      }
      return {
        kind: 'photo',
        category,
        list: await pageOfKeys(page, PER_PAGE, ids, async (keys) => byCategory(await photosByIds(db, [...keys], english)).get(id) ?? []),
      };
    },
  };
}
