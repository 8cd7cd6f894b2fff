import { readList, type ContentServices, type PublicReads } from '../../lib/content.js';
import { PAGE_SIZES } from '../../lib/paging.js';

/** The news list, and the home page's shorter block of it. */
export function createNewsService(reads: PublicReads): ContentServices['news'] {
  return {
    list: (page) => readList(reads, 'news', { page }),
    mainItems: (page) => readList(reads, 'news', { page, perPage: PAGE_SIZES.newsMain }),
  };
}
