import type { MenuItemRow } from '../../db/schema.js';
import { formError } from '../../http/validation.js';
import type { Db, ResourceHooks } from '../hooks.js';
import { positionAtEnd } from './position.js';

/** A parent must belong to the same menu and be neither the item itself nor one of its descendants. */
async function checkParent(db: Db, parentId: number | null, kind: MenuItemRow['kind'], selfId: number | null): Promise<void> {
  if (parentId === null) return;
  const parent = await db.selectFrom('menu_items').select(['id', 'kind']).where('id', '=', parentId).executeTakeFirstOrThrow();
  if (parent.kind !== kind) throw formError({ parent_id: ['Родитель — пункт другого меню.'] });
  if (selfId === null) return;
  const all = await db.selectFrom('menu_items').select(['id', 'parent_id']).where('kind', '=', kind).execute();
  const parents = new Map(all.map((item) => [item.id, item.parent_id]));
  for (let at: number | null | undefined = parentId, steps = 0; at != null && steps <= all.length; at = parents.get(at), steps++) {
    if (at === selfId) throw formError({ parent_id: ['Пункт не может быть вложен сам в себя.'] });
  }
}

export const menuHooks: ResourceHooks = {
  check: async (db, values, current) => {
    if (values.parent_id === undefined && values.kind === undefined) return;
    const kind = (values.kind ?? current?.kind) as MenuItemRow['kind'];
    const parentId = (values.parent_id === undefined ? current?.parent_id : values.parent_id) as number | null | undefined;
    await checkParent(db, parentId ?? null, kind, current?.id ?? null);
  },
  columns: positionAtEnd('menu_items', 'kind'),
};

export const networkHooks: ResourceHooks = {
  columns: positionAtEnd('network_collections'),
};
