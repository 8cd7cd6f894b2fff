import { usePageContext } from 'vike-react/usePageContext';
import { DEFAULT_LOCALE, localizedPath, type Locale } from '@lib/locales.js';
import type { SiteTexts } from '@lib/siteTexts.js';
import { altTemplateIn, localeOf } from './pageTexts.js';
import { textsIn } from './texts.js';

/** The language of the page being shown. */
export const useLocale = (): Locale => localeOf(usePageContext());

/** The interface texts in the page's language. */
export const useTexts = (): SiteTexts => textsIn(useLocale());

/** A site path in the page's language (`/news` → `/en/news` on an English page). */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localizedPath(locale, path);
}

/** A public JSON read's address in the page's language: as it is in Russian, with `locale=en` in English. */
export function useApiInLanguage(): (url: string) => string {
  const locale = useLocale();
  return (url) => (locale === DEFAULT_LOCALE ? url : `${url}${url.includes('?') ? '&' : '?'}locale=${locale}`);
}

/** The wording of the alt text of an image that has none of its own, in the page's language. */
export function useAltTemplate(): string {
  const { site } = usePageContext();
  return altTemplateIn(useLocale(), site.altTemplate);
}
