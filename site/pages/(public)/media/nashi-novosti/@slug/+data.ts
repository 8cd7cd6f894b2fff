import type { PageContextServer } from 'vike/types';
import { readRecord } from '@lib/content.js';
import { articlePageData, type ArticlePageData } from '../../../../../articleData.js';

export async function data(pageContext: PageContextServer): Promise<ArticlePageData> {
  const article = await readRecord(pageContext.content.reads, 'media-our', pageContext.routeParams.slug ?? '');
  return articlePageData(pageContext, article, '/media/nashi-novosti', { title: 'Новости медиацентра', href: '/media/nashi-novosti' });
}
