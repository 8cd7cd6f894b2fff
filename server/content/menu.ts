import type { Kysely } from 'kysely';
import type { ContentServices } from '../../lib/content.js';
import type { MenuItem } from '../../lib/types.js';
import type { Database, MenuItemRow } from '../db/schema.js';

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

export function createMenuService(db: Kysely<Database>): ContentServices['menu'] {
  return {
    async tree(kind) {
      let query = db.selectFrom('menu_items').selectAll();
      if (kind !== 'all') query = query.where('kind', '=', kind);
      return buildMenuTree(await query.orderBy('kind').orderBy('position').orderBy('id').execute());
    },
  };
}
