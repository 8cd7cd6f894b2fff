import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { ROUTE_NOT_FOUND_MESSAGE } from '@lib/site.js';
import { imageAlt } from '@lib/titles.js';
import type { Article } from '@lib/types.js';
import { DEFAULT_LOCALE, localizedPath } from '@lib/locales.js';
import { TEXTS } from '@lib/siteTexts.js';
import type { WithMeta } from './meta.js';

export interface ArticlePageData extends WithMeta {
  article: Article;
  section: { title: string; href: string };
}

/** The data of a news or own media article page: sanitised content, meta with Open Graph and JSON-LD NewsArticle. */
export function articlePageData(
  pageContext: PageContextServer,
  article: Article | null,
  basePath: string,
  section: { title: string; href: string },
): ArticlePageData {
  if (!article) throw render(404, ROUTE_NOT_FOUND_MESSAGE);
  const { site } = pageContext;
  const locale = pageContext.locale ?? DEFAULT_LOCALE;
  const path = `${basePath}/${article.slug}`;
  const url = `${site.publicUrl}${localizedPath(locale, path)}`;
  const description = article.seo_description || article.lead || site.description;
  return {
    article,
    section,
    meta: {
      title: article.seo_title || article.title,
      description,
      canonicalPath: path,
      ogType: 'article',
      image: article.image ? { ...article.image, alt: imageAlt(article.image.alt, article.title, site.altTemplate) } : null,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: article.title.slice(0, 110),
        description,
        datePublished: new Date(article.public_at).toISOString(),
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        url,
        inLanguage: TEXTS[locale].dateLocale,
        ...(article.image ? { image: [`${site.publicUrl}${article.image.src}`] } : {}),
        author: { '@type': 'Organization', name: site.brand, url: `${site.publicUrl}/` },
        publisher: { '@type': 'Organization', name: site.brand, url: `${site.publicUrl}/` },
      },
    },
  };
}
