import { pageCountOf } from '../../lib/paging.js';
import type { Page } from '../../lib/types.js';

/**
 * Keeps a value derived from the content until the content changes (a write, or a scheduled item's time): the page
 * cache's `memo`. Lists keep their whole order in it, so that any page and the total cost the same.
 */
export type KeepPerGeneration = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

/**
 * One page of a list whose keys, in the list's order, are read once per generation (`keys`): the total is their
 * number, a page is their slice, and only that slice's rows are read (`rowsOf`), so page 5,000 costs what page 1
 * costs. A page beyond the end is an empty `items`.
 */
export async function pageOfKeys<K, T>(
  page: number,
  perPage: number,
  keys: Promise<readonly K[]>,
  rowsOf: (keys: readonly K[]) => Promise<T[]>,
): Promise<Page<T>> {
  const all = await keys;
  const total = all.length;
  const pageCount = pageCountOf(total, perPage);
  const slice = page > pageCount ? [] : all.slice((page - 1) * perPage, page * perPage);
  const items = slice.length ? await rowsOf(slice) : [];
  return { items, page, perPage, pageCount, total };
}

/** Rows read by their ids put back in the order of `ids`; an id whose row is gone meanwhile is left out. */
export function inOrderOf<T extends Readonly<Record<string, unknown>>>(ids: readonly number[], rows: readonly T[]): T[] {
  const byId = new Map<number, T>(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** The memo key of a list read with filters: the same filters in any order give the same key. */
export function listKey(name: string, filters: Readonly<Record<string, string | number>> = {}): string {
  const chosen = Object.entries(filters).sort(([a], [b]) => a.localeCompare(b));
  return `list:${name}:${JSON.stringify(chosen)}`;
}
