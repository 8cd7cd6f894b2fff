import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { readRecord } from '@lib/content.js';
import { ROUTE_NOT_FOUND_MESSAGE } from '@lib/site.js';
import { imageAlt } from '@lib/titles.js';
import type { Article } from '@lib/types.js';
import { localizedPath } from '@lib/locales.js';
import { altTemplateIn, siteDescriptionOf } from './i18n/pageTexts.js';
import { recordPathsOf } from './i18n/recordPaths.js';
import { textsIn } from './i18n/texts.js';
import type { WithMeta } from './meta.js';
import { localeOf } from './i18n/pageTexts.js';

export interface ArticlePageData extends WithMeta {
  article: Article;
  section: { title: string; href: string };
}

/**
 * The data of a news or own media article page, the article its address names in the page's language (else the
 * 404 page): sanitised content, meta with Open Graph and JSON-LD NewsArticle, and where the site has several
 * languages the article's page in each (its section's list where it has none).
 */
export async function articlePageData(
  pageContext: PageContextServer,
  resource: 'news' | 'media-our',
  basePath: string,
  sectionTitle: string,
): Promise<ArticlePageData> {
  const locale = localeOf(pageContext);
  const article = await readRecord(pageContext.content.reads, resource, pageContext.routeParams.slug ?? '');
  if (!article) throw render(404, ROUTE_NOT_FOUND_MESSAGE);
  const data = articleData(pageContext, article, basePath, { title: sectionTitle, href: localizedPath(locale, basePath) });
  if (!pageContext.site.locales) return data;
  return { ...data, meta: { ...data.meta, translatedPaths: await recordPathsOf(pageContext, resource, article.id), sectionPath: basePath } };
}

function articleData(pageContext: PageContextServer, article: Article, basePath: string, section: { title: string; href: string }): ArticlePageData {
  const { site } = pageContext;
  const locale = localeOf(pageContext);
  const path = `${basePath}/${article.slug}`;
  const url = `${site.publicUrl}${localizedPath(locale, path)}`;
  const description = article.seo_description || article.lead || siteDescriptionOf(pageContext);
  return {
    article,
    section,
    meta: {
      title: article.seo_title || article.title,
      description,
      canonicalPath: path,
      ogType: 'article',
      image: article.image ? { ...article.image, alt: imageAlt(article.image.alt, article.title, altTemplateIn(locale, site.altTemplate)) } : null,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: article.title.slice(0, 110),
        description,
        datePublished: new Date(article.public_at).toISOString(),
        // A scheduled article saved before it appeared was last changed, for its readers, when it appeared.
        dateModified: new Date(Math.max(Date.parse(article.public_at), Date.parse(article.updated_at))).toISOString(),
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        url,
        inLanguage: textsIn(locale).dateLocale,
        ...(article.image ? { image: [`${site.publicUrl}${article.image.src}`] } : {}),
        author: { '@type': 'Organization', name: site.brand, url: `${site.publicUrl}/` },
        publisher: { '@type': 'Organization', name: site.brand, url: `${site.publicUrl}/` },
      },
    },
  };
}
