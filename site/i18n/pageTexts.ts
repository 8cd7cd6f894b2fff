import type { PageContext } from 'vike/types';
import { DEFAULT_LOCALE, type Locale } from '@lib/locales.js';
import { SECTION_PAGES } from '@lib/site.js';
import type { SectionPageTexts, SiteTexts } from '@lib/siteTexts.js';
import { textsIn } from './texts.js';

/** The language of the page a context renders (outside components, where the hooks of useTexts.ts are not at hand). */
export const localeOf = (pageContext: PageContext): Locale => pageContext.locale ?? DEFAULT_LOCALE;

/** The interface texts in the language of the page a context renders. */
export const textsOf = (pageContext: PageContext): SiteTexts => textsIn(localeOf(pageContext));

/**
 * The wording of an image's alt text that has none of its own: the site's template (in Russian) on Russian pages,
 * the page's title alone on the others.
 */
export const altTemplateIn = (locale: Locale, siteTemplate: string): string => (locale === DEFAULT_LOCALE ? siteTemplate : '{title}');

/** The site's description in the page's language: the site's setting in Russian. */
export function siteDescriptionOf(pageContext: PageContext): string {
  return textsOf(pageContext).siteDescription?.(pageContext.site.brand) ?? pageContext.site.description;
}

/** A section's pages that are not text pages (`/investoram/dokumenty`), with their title and description in the page's language. */
export function sectionPagesOf(pageContext: PageContext, section: string): (SectionPageTexts & { identifier: string })[] {
  const texts = textsOf(pageContext);
  return (SECTION_PAGES[section] ?? []).flatMap((identifier) => {
    const page = texts.sectionPages[identifier];
    return page ? [{ identifier, ...page }] : [];
  });
}
