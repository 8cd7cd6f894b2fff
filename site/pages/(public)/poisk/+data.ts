import type { PageContextServer } from 'vike/types';
import { searchQueryError, type SearchPage } from '@lib/search.js';
import { assertPageExists, currentPage } from '../../../guards.js';
import { textsOf } from '../../../i18n/pageTexts.js';
import type { WithMeta } from '../../../meta.js';
import { searchHref } from './href.js';

export interface SearchData extends WithMeta {
  q: string;
  /** Null before a query is typed, or when it is refused (`problem`). */
  results: SearchPage | null;
  problem: string | null;
}

/** `/poisk?q=…&page=N`: an empty query shows the search form with a hint, a refused one its reason; never a 500. */
export async function data(pageContext: PageContextServer): Promise<SearchData> {
  const raw = pageContext.urlParsed.search.q ?? '';
  const q = raw.trim();
  const page = currentPage(pageContext);
  const texts = textsOf(pageContext);
  const meta = {
    title: texts.searchLabel,
    page,
    description: texts.searchDescription(pageContext.site.brand),
    canonicalPath: q ? searchHref(q, page) : '/poisk',
  };
  if (!q) return { q, results: null, problem: null, meta };
  const problem = searchQueryError(raw, texts.searchMessages);
  if (problem) return { q, results: null, problem, meta };
  const results = await pageContext.content.search.search(q, page);
  assertPageExists(page, results.pageCount);
  return { q, results, problem: null, meta };
}
