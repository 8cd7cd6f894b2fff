import { usePageContext } from 'vike-react/usePageContext';
import { DEFAULT_LOCALE, localizedPath, type Locale } from '@lib/locales.js';
import { TEXTS, type SiteTexts } from '@lib/siteTexts.js';

/** The language of the page being shown. */
export const useLocale = (): Locale => usePageContext().locale ?? DEFAULT_LOCALE;

/** The interface texts in the page's language. */
export const useTexts = (): SiteTexts => TEXTS[useLocale()];

/** A site path in the page's language (`/news` → `/en/news` on an English page). */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localizedPath(locale, path);
}
