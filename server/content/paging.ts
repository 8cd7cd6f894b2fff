import { pageCountOf } from '../../lib/paging.js';
import type { Page } from '../../lib/types.js';

/**
 * One page of a list: counts first and skips the item query when the page lies beyond the end,
 * where the answer is an empty `items`.
 */
export async function pageOf<T>(
  page: number,
  perPage: number,
  count: () => Promise<number>,
  fetch: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const total = await count();
  const pageCount = pageCountOf(total, perPage);
  const items = page > pageCount ? [] : await fetch(perPage, (page - 1) * perPage);
  return { items, page, perPage, pageCount, total };
}

/** `count(*)` arrives as a number from SQLite and as a string from PostgreSQL. */
export function toCount(row: { count: number | string | bigint } | undefined): number {
  return Number(row?.count ?? 0);
}
