import type { FilterType, ListSearchIn } from '../../lib/resources/index.js';
import type { DeclaredIndex } from '../db/declaredIndexes.js';

/** What the indexes of a list depend on: its table, the orders it offers and the columns it filters on. */
export interface IndexedList {
  table: string;
  sortable: readonly string[];
  filters: Readonly<Partial<Record<string, FilterType>>>;
  defaultSort: readonly [string, 'ASC' | 'DESC'];
  searchable?: readonly string[];
  searchIn?: ListSearchIn;
}

/**
 * The indexes the admin's lists need. Every order a list offers reads its page's ids in `(column, id)` order, `id`
 * being the tie-breaker the list query adds. A filter (an equality) comes first, `(filter, column, id)`:
 * - a number filter (a flag, a category, a parent) may keep most rows, whose order must then come from the index
 *   for every order the list offers, or the matches would be sorted on every read;
 * - a text filter (an address, an e-mail, an action) keeps few rows, which are cheap to sort: it needs its index
 *   for the list's default order only. Without this rule the audit log, written on every change, would carry an
 *   index for every pair of its columns.
 * A column whose values the search box reads (`searchIn: 'values'`) is indexed as a text filter: its distinct values
 * are read from that index, and the rows holding the matching ones.
 */
export function adminListIndexes(lists: readonly IndexedList[]): DeclaredIndex[] {
  return lists.flatMap((list) => {
    const orders = list.sortable.filter((column) => column !== 'id');
    const searchedValues = list.searchIn === 'values' ? (list.searchable ?? []) : [];
    const filters: Partial<Record<string, FilterType>> = { ...Object.fromEntries(searchedValues.map((column) => [column, 'text'])), ...list.filters };
    const filtered = Object.entries(filters).flatMap(([filter, type]) => {
      const ordersAfter = type === 'int' ? orders : [list.defaultSort[0]];
      return ['id', ...ordersAfter.filter((column) => column !== filter && column !== 'id')].map((column) =>
        column === 'id' ? [filter, 'id'] : [filter, column, 'id'],
      );
    });
    // A column both sorted and filtered on would be asked for twice as `(column, id)`.
    const unique = new Map([...orders.map((column) => [column, 'id']), ...filtered].map((columns) => [columns.join(), columns]));
    return [...unique.values()].map((columns) => ({ table: list.table, columns }));
  });
}
