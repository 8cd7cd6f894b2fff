import type { PageContextServer } from 'vike/types';
import type { ArticleSummary, Page } from '@lib/types.js';
import { assertPageExists, currentPage } from '../../../guards.js';
import { textsOf } from '../../../i18n/pageTexts.js';
import { listHref, type WithMeta } from '../../../meta.js';

export interface NewsListData extends WithMeta {
  list: Page<ArticleSummary>;
}

export async function data(pageContext: PageContextServer): Promise<NewsListData> {
  const page = currentPage(pageContext);
  const texts = textsOf(pageContext);
  const list = await pageContext.content.news.list(page);
  assertPageExists(page, list.pageCount);
  return {
    list,
    meta: {
      title: texts.news,
      page,
      description: texts.newsDescription(pageContext.site.brand),
      canonicalPath: listHref('/news', {}, page),
    },
  };
}
