import type { ContentServices } from '../../lib/content.js';
import { DEFAULT_LOCALE, type Locale } from '../../lib/locales.js';

/**
 * The content services of each language the site has, made once: Russian always, and English where switched on.
 * A language the site does not have reads as Russian.
 */
export function contentInLanguages(siteLocales: readonly Locale[], make: (locale: Locale) => ContentServices): (locale: Locale) => ContentServices {
  const services = new Map<Locale, ContentServices>(siteLocales.map((locale) => [locale, make(locale)]));
  const russian = services.get(DEFAULT_LOCALE) ?? make(DEFAULT_LOCALE);
  return (locale) => services.get(locale) ?? russian;
}
