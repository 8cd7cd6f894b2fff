import type { PageContextServer } from 'vike/types';
import { articlePageData, type ArticlePageData } from '../../../../articleData.js';
import { textsOf } from '../../../../i18n/pageTexts.js';

export function data(pageContext: PageContextServer): Promise<ArticlePageData> {
  return articlePageData(pageContext, 'news', '/news', textsOf(pageContext).news);
}
