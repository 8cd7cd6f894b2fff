import type { PageContextServer } from 'vike/types';
import { articlePageData, type ArticlePageData } from '../../../../../articleData.js';

export async function data(pageContext: PageContextServer): Promise<ArticlePageData> {
  const article = await pageContext.content.media.get(pageContext.routeParams.slug ?? '');
  return articlePageData(pageContext, article, '/media/nashi-novosti', { title: 'Новости медиацентра', href: '/media/nashi-novosti' });
}
