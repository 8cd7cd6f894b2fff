import type { Kysely } from 'kysely';
import type { ContentServices } from '../../lib/content.js';
import { MENU_KINDS, type MenuItem, type MenuKind } from '../../lib/types.js';
import type { Database, MenuItemRow } from '../db/schema.js';
import { DEFAULT_LOCALE, localizedPath, type Locale, type TranslationLocale } from '../../lib/locales.js';
import { isSitePath, resourceNamed } from '../../lib/resources/index.js';
import { translationsOf } from '../translations/store.js';

/** Attaches every item to its parent by `parent_id`; items without a parent (or whose parent is absent) are the roots. */
export function buildMenuTree(rows: MenuItemRow[]): MenuItem[] {
  const items = new Map<number, MenuItem>(rows.map((row) => [row.id, { ...row, children: [] }]));
  const roots: MenuItem[] = [];
  for (const item of items.values()) {
    const parent = item.parent_id === null ? undefined : items.get(item.parent_id);
    (parent ? parent.children : roots).push(item);
  }
  return roots;
}

/**
 * What each menu shows, and so all a page carries of it (in its markup and in the data it hydrates from): the main
 * menu's top items with one level of drop-down children (the header's navigation at the `lg` breakpoint and up, a
 * row of ten links; a drop-down longer than twelve links no longer fits a screen), the header's, footer's and
 * payment links flat in one row or column each. Items past a bound stay in the admin and leave no trace on the site.
 */
export const MENU_BOUNDS: Readonly<Record<MenuKind, { items: number; children: number }>> = {
  main: { items: 10, children: 12 },
  header: { items: 8, children: 0 },
  footer: { items: 20, children: 0 },
  payment: { items: 12, children: 0 },
};

/** A menu's roots cut to what it shows: its first items, each with its first children (none for flat menus). */
export function boundedMenu(kind: MenuKind, roots: MenuItem[]): MenuItem[] {
  const { items, children } = MENU_BOUNDS[kind];
  return roots.slice(0, items).map((item) => ({ ...item, children: item.children.slice(0, children).map((child) => ({ ...child, children: [] })) }));
}

/**
 * A menu's items in another language than Russian: those translated into it, under their name in it, their
 * addresses on the site in it (`/news` → `/en/news`); an untranslated item leaves its children out too, so no menu
 * mixes languages.
 */
async function inLanguage(db: Kysely<Database>, locale: TranslationLocale, rows: MenuItemRow[]): Promise<MenuItemRow[]> {
  const translations = await translationsOf(
    db,
    resourceNamed('menus'),
    rows.map((row) => row.id),
    locale,
  );
  const kept = new Set(rows.filter((row) => translations.get(row.id)?.translated).map((row) => row.id));
  return rows
    .filter((row) => kept.has(row.id) && (row.parent_id === null || kept.has(row.parent_id)))
    .map((row) => ({
      ...row,
      title: translations.get(row.id)?.values.title ?? row.title,
      url: isSitePath(row.url) ? localizedPath(locale, row.url) : row.url,
    }));
}

/** The menus in `locale`. */
export function createMenuService(db: Kysely<Database>, locale: Locale = DEFAULT_LOCALE): ContentServices['menu'] {
  return {
    async tree(kind) {
      let query = db.selectFrom('menu_items').selectAll();
      if (kind !== 'all') query = query.where('kind', '=', kind);
      const rows = await query.orderBy('kind').orderBy('position').orderBy('id').execute();
      const roots = buildMenuTree(locale === DEFAULT_LOCALE ? rows : await inLanguage(db, locale, rows));
      const kinds = kind === 'all' ? [...MENU_KINDS].sort() : [kind];
      return kinds.flatMap((each) =>
        boundedMenu(
          each,
          roots.filter((root) => root.kind === each),
        ),
      );
    },
  };
}
