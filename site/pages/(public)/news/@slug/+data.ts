import type { PageContextServer } from 'vike/types';
import { readRecord } from '@lib/content.js';
import { DEFAULT_LOCALE, localizedPath } from '@lib/locales.js';
import { articlePageData, type ArticlePageData } from '../../../../articleData.js';
import { TEXTS } from '@lib/siteTexts.js';
import { recordPathsOf } from '../../../../i18n/recordPaths.js';

export async function data(pageContext: PageContextServer): Promise<ArticlePageData> {
  const locale = pageContext.locale ?? DEFAULT_LOCALE;
  const article = await readRecord(pageContext.content.reads, 'news', pageContext.routeParams.slug ?? '');
  const data = articlePageData(pageContext, article, '/news', { title: TEXTS[locale].news, href: localizedPath(locale, '/news') });
  if (!pageContext.site.locales) return data;
  return { ...data, meta: { ...data.meta, translatedPaths: await recordPathsOf(pageContext, 'news', data.article.id), sectionPath: '/news' } };
}
