import type { PageContextServer } from 'vike/types';
import { DEFAULT_LOCALE } from '@lib/locales.js';
import type { ArticleSummary, Page } from '@lib/types.js';
import { assertPageExists, currentPage } from '../../../guards.js';
import { TEXTS } from '@lib/siteTexts.js';
import { listHref, type WithMeta } from '../../../meta.js';

export interface NewsListData extends WithMeta {
  list: Page<ArticleSummary>;
}

export async function data(pageContext: PageContextServer): Promise<NewsListData> {
  const page = currentPage(pageContext);
  const texts = TEXTS[pageContext.locale ?? DEFAULT_LOCALE];
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
