import type { PageContextServer } from 'vike/types';
import type { ArticleSummary, Page } from '@lib/types.js';
import { assertPageExists, currentPage } from '../../../guards.js';
import { listHref, type WithMeta } from '../../../meta.js';

export interface NewsListData extends WithMeta {
  list: Page<ArticleSummary>;
}

export async function data(pageContext: PageContextServer): Promise<NewsListData> {
  const page = currentPage(pageContext);
  const list = await pageContext.content.news.list(page);
  assertPageExists(page, list.pageCount);
  return {
    list,
    meta: {
      title: 'Новости',
      page,
      description: `Новости компании ${pageContext.site.brand}: события, решения совета директоров, новые сервисы и итоги работы.`,
      canonicalPath: listHref('/news', {}, page),
    },
  };
}
