/**
 * How the admin's list reads tell their total (`Content-Range: news 0-24/319`) without counting every row of a large
 * table. A total up to the list's cap is exact. A total above it means «more than the cap»: the count stopped there,
 * and the number is then only large enough for the pages to go on (it reaches at least one row past the page read).
 */

import { resourceNamed } from './resources/index.js';
import { SEARCH_RESULTS_MAX } from './search.js';

/** The most rows a list counts exactly. */
export const LIST_COUNT_MAX = 10_000;

/** Whether the list's search box of a resource goes through the full-text index (the resources it holds). */
export const searchesIndex = (resource: string): boolean => Boolean(resourceNamed(resource)?.search);

/**
 * The cap of a list's total: a search through the full-text index finds at most `SEARCH_RESULTS_MAX` records (the
 * newest that match), any other list counts up to `LIST_COUNT_MAX`.
 */
export function listTotalCap(resource: string, q: unknown): number {
  const searched = typeof q === 'string' && q.trim() !== '';
  return searched && searchesIndex(resource) ? SEARCH_RESULTS_MAX : LIST_COUNT_MAX;
}

/** The cap a total passed, or null when the total is exact. */
export const cappedTotal = (total: number, cap: number): number | null => (total > cap ? cap : null);
