import type { PageContext } from 'vike/types';
import { DEFAULT_LOCALE, localizedPath, type Locale } from '@lib/locales.js';
import { metaOf } from '../meta.js';
import { localeOf } from './pageTexts.js';

/** Whether the page shown is an error page (404, a refused preview, a fault), which has no other language. */
export const isErrorPage = (pageContext: PageContext): boolean =>
  Boolean(pageContext.is404) || pageContext.abortStatusCode !== undefined || !metaOf(pageContext.data);

/**
 * The page's address in each of the site's languages, with its prefix (`/en/news/…`), where it has a version in
 * that language: the `hreflang` alternates. Empty with Russian alone and on error pages; only Russian for a page
 * that exists in Russian only.
 */
export function alternatePaths(pageContext: PageContext): Partial<Record<Locale, string>> {
  const { locales } = pageContext.site;
  const meta = metaOf(pageContext.data);
  if (!locales || !meta || isErrorPage(pageContext)) return {};
  const current = localeOf(pageContext);
  const paths: Partial<Record<Locale, string>> = {};
  for (const locale of locales) {
    const exists = locale === DEFAULT_LOCALE || locale === current || pageContext.config.inEnglish === true;
    const path = meta.translatedPaths && locale in meta.translatedPaths ? meta.translatedPaths[locale] : meta.canonicalPath;
    if (exists && path) paths[locale] = localizedPath(locale, path);
  }
  return paths;
}

/**
 * Where the language switch leads to from this page in `locale`: the same page in it, or its section's list when
 * the page has no version there; null when neither exists (the switch then leads to nothing).
 */
export function switchTarget(pageContext: PageContext, locale: Locale): string | null {
  const alternate = alternatePaths(pageContext)[locale];
  if (alternate) return alternate;
  const meta = metaOf(pageContext.data);
  return meta?.sectionPath && pageContext.config.inEnglish ? localizedPath(locale, meta.sectionPath) : null;
}
