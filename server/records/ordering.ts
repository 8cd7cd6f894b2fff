import { sql, type SqlBool } from 'kysely';
import type { Db } from '../db/schema.js';
import { declared } from '../db/declared.js';

/**
 * The one ordering helper of every ordered list the admin edits: photobank categories (within a group), logo
 * items and photos (within a category), and fixed videos (`fixed_order` among `fixed = 1`). A list is its rows
 * in `(column, id)` order; moves swap a row with its neighbour and renumber the list from `first`, so duplicate
 * or missing positions heal on the next change.
 */
export interface OrderedList {
  table: 'photobank_categories' | 'photobank_logo_items' | 'photobank_photos' | 'media_video';
  column: 'position' | 'fixed_order';
  /** The column and value that delimit the list (`group_id = 3`, `fixed = 1`). */
  scope: { column: string; value: number };
  /** The number of the first row: 0 for photobank positions (as the demo content has them), 1 for fixed videos. */
  first: 0 | 1;
}

const scopeOf = (list: OrderedList) => sql<SqlBool>`${sql.ref(list.scope.column)} = ${list.scope.value}`;

async function orderedIds(db: Db, list: OrderedList): Promise<{ id: number; position: number | null }[]> {
  const rows = await declared(db)
    .selectFrom(list.table)
    .select(['id', `${list.column} as position`])
    .where(scopeOf(list))
    .orderBy(list.column)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), position: row.position === null ? null : Number(row.position) }));
}

async function writeOrder(db: Db, list: OrderedList, rows: { id: number; position: number | null }[]): Promise<void> {
  for (const [index, row] of rows.entries()) {
    const position = list.first + index;
    if (row.position !== position) {
      await declared(db).updateTable(list.table).set(list.column, position).where('id', '=', row.id).execute();
    }
  }
}

/** The position a row appended to the end of the list gets. */
export async function nextPosition(db: Db, list: OrderedList): Promise<number> {
  const row = await declared(db)
    .selectFrom(list.table)
    .select((eb) => eb.fn.max(list.column).as('last'))
    .where(scopeOf(list))
    .executeTakeFirst();
  const last = row?.last;
  return last === null || last === undefined ? list.first : Number(last) + 1;
}

/** Renumbers the list from `first`, closing the gap a removed or moved-away row left. */
export async function closeGap(db: Db, list: OrderedList): Promise<void> {
  await writeOrder(db, list, await orderedIds(db, list));
}

/**
 * Swaps the row with its neighbour above (`up`) or below (`down`). Answers false, changing nothing, when the
 * row is already at that edge or not in the list.
 */
export async function moveInList(db: Db, list: OrderedList, id: number, direction: 'up' | 'down'): Promise<boolean> {
  const rows = await orderedIds(db, list);
  const index = rows.findIndex((row) => row.id === id);
  const other = direction === 'up' ? index - 1 : index + 1;
  const mine = rows[index];
  const neighbour = rows[other];
  if (index < 0 || !mine || !neighbour) return false;
  rows[index] = neighbour;
  rows[other] = mine;
  await writeOrder(db, list, rows);
  return true;
}

/** Puts the row at `position` (a restored row back where it was), moving the rows from there down by one. */
export async function placeAt(db: Db, list: OrderedList, id: number, position: number): Promise<void> {
  const rows = (await orderedIds(db, list)).filter((row) => row.id !== id);
  const index = Math.min(Math.max(position - list.first, 0), rows.length);
  rows.splice(index, 0, { id, position: null });
  await writeOrder(db, list, rows);
}
