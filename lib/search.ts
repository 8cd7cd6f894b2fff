/** The site's and the admin's full-text search: shapes shared by the server, the public page and the admin. */

import type { Page } from './types.js';

/** The longest query the search accepts. */
export const SEARCH_QUERY_MAX = 200;
/** Results on one page of `/poisk` and of `GET /api/search`. */
export const SEARCH_PAGE_SIZE = 10;
/**
 * The most results one query counts and ranks; a query that finds more says «более 500» and ranks the newest 500 of
 * them. Fifty pages of results are more than any visitor reads, and a common word then costs what a rare one does:
 * finding the newest matches walks the index from its newest entry, so the cost follows this number.
 */
export const SEARCH_RESULTS_MAX = 500;
/** Results the admin's global search shows. */
export const ADMIN_SEARCH_LIMIT = 20;

export const SEARCH_MESSAGES = {
  invalid: 'Некорректный поисковый запрос.',
  empty: 'Введите слово для поиска.',
  tooLong: `Запрос — не длиннее ${SEARCH_QUERY_MAX} символов.`,
} as const;

/** A piece of a title or a fragment; `mark` pieces are the words the query found (shown in `<mark>`). */
export interface TextPiece {
  text: string;
  mark: boolean;
}

/** One public search result. */
export interface SearchResult {
  resource: string;
  id: number;
  /** The kind of item, in Russian («Новость», «Документ»…). */
  kind: string;
  title: TextPiece[];
  /** The part of the text around the first word found; empty when the item has no text. */
  fragment: TextPiece[];
  url: string;
  date: string;
}

/** A page of the site's search; `more` when the query finds more than `total` (`SEARCH_RESULTS_MAX`) items. */
export type SearchPage = Page<SearchResult> & { more: boolean };

/** One result of the admin's global search, opened at `/admin/<resource>/<id>`; `url` is its public address. */
export interface AdminSearchResult {
  resource: string;
  id: number;
  kind: string;
  title: string;
  url: string;
  date: string;
  published: boolean;
}

/** Why a query is refused, in the given words (Russian by default), or null when it is fine. */
export function searchQueryError(q: string, messages: { empty: string; tooLong: string } = SEARCH_MESSAGES): string | null {
  if (!q.trim()) return messages.empty;
  if (q.length > SEARCH_QUERY_MAX) return messages.tooLong;
  return null;
}
