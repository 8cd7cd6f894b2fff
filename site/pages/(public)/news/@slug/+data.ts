import type { PageContextServer } from 'vike/types';
import { articlePageData, type ArticlePageData } from '../../../../articleData.js';

export async function data(pageContext: PageContextServer): Promise<ArticlePageData> {
  const article = await pageContext.content.news.get(pageContext.routeParams.slug ?? '');
  return articlePageData(pageContext, article, '/news', { title: 'Новости', href: '/news' });
}
