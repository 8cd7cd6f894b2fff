import { sql } from 'kysely';
import { conflict } from '../../records/unique.js';
import { HttpError } from '../../http/errors.js';
import { formError } from '../../http/validation.js';
import type { Db, ResourceHooks, Row, Values } from '../hooks.js';

export const FOLDER_NAME_TAKEN = 'Здесь уже есть папка с таким названием.';
export const FOLDER_CYCLE = 'Папку нельзя перенести в неё саму или во вложенную в неё папку.';
export const FOLDER_NOT_EMPTY = 'Папка не пуста: сначала перенесите или удалите файлы и папки в ней.';

const parentOf = (values: Values, current: Row | null): number | null => {
  const parent = values.parent_id !== undefined ? values.parent_id : current?.parent_id;
  return parent === null || parent === undefined ? null : Number(parent);
};

/** Whether `folderId` is `ancestorId` or lies inside it, walking up from the folder (folders never form a cycle). */
async function isWithin(db: Db, folderId: number, ancestorId: number): Promise<boolean> {
  let at: number | null = folderId;
  const seen = new Set<number>();
  while (at !== null && !seen.has(at)) {
    if (at === ancestorId) return true;
    seen.add(at);
    const row: { parent_id: number | null } | undefined = await db.selectFrom('asset_folders').select('parent_id').where('id', '=', at).executeTakeFirst();
    at = row?.parent_id ?? null;
  }
  return false;
}

/**
 * The library's folders: siblings' names are unique, a folder never moves into itself, only an empty one is removed.
 * Writes of folders run one at a time: two moves crossing each other («A under B» and «B under A») would each find
 * no cycle in the tree as it was and together make one, or lock each other's rows crosswise.
 */
export const assetFolderHooks: ResourceHooks = {
  serializedBy: 'asset-folders',
  checkInWrite: async (trx, values, current) => {
    const parent = parentOf(values, current);
    if (current && parent !== null && (await isWithin(trx, parent, current.id))) throw formError({ parent_id: [FOLDER_CYCLE] });
  },
  check: async (db, values, current) => {
    const parent = parentOf(values, current);
    const name = String(values.name ?? current?.name ?? '');
    let sibling = db
      .selectFrom('asset_folders')
      .select('id')
      .where('name', '=', name)
      .where(sql<number>`coalesce(parent_id, 0)`, '=', parent ?? 0);
    if (current) sibling = sibling.where('id', '!=', current.id);
    if (await sibling.executeTakeFirst()) throw conflict('name', FOLDER_NAME_TAKEN);
  },
  beforeRemove: async (trx, row) => {
    const [folder, asset] = await Promise.all([
      trx.selectFrom('asset_folders').select('id').where('parent_id', '=', row.id).executeTakeFirst(),
      trx.selectFrom('assets').select('id').where('folder_id', '=', row.id).executeTakeFirst(),
    ]);
    if (folder || asset) throw new HttpError(409, FOLDER_NOT_EMPTY);
  },
};
