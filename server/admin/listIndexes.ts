import type { DeclaredIndex } from '../db/declaredIndexes.js';

/** What the indexes of a list depend on: its table, the orders it offers and the columns it filters on. */
export interface IndexedList {
  table: string;
  sortable: readonly string[];
  filters: Readonly<Record<string, unknown>>;
}

/**
 * The indexes the admin's lists need. Every order a list offers reads its page's ids in `(column, id)` order, `id`
 * being the tie-breaker the list query adds; a filter (an equality) comes first, `(filter, column, id)`, for every
 * order the list offers and for `id` alone. Without it a filter that keeps most rows (`published`) would have its
 * matches sorted on every read, and one that keeps few would have the whole order scanned for them.
 */
export function adminListIndexes(lists: readonly IndexedList[]): DeclaredIndex[] {
  return lists.flatMap((list) => {
    const orders = list.sortable.filter((column) => column !== 'id');
    const filters = Object.keys(list.filters);
    return [
      ...orders.map((column) => ({ table: list.table, columns: [column, 'id'] })),
      ...filters.flatMap((filter) =>
        ['id', ...orders.filter((column) => column !== filter)].map((column) => ({
          table: list.table,
          columns: column === 'id' ? [filter, 'id'] : [filter, column, 'id'],
        })),
      ),
    ];
  });
}
