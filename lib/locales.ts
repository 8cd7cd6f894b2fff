/**
 * The site's languages. Russian is the site's own language and always on; English is a second language a site may
 * switch on (`SITE_LOCALES=ru,en`). A record's Russian text is its own columns; its English text, where written, is
 * kept beside it (server/translations/).
 */

export const LOCALES = ['ru', 'en'] as const;

export type Locale = (typeof LOCALES)[number];

/** The language of every address without a language prefix, and of every record's own columns. */
export const DEFAULT_LOCALE = 'ru' satisfies Locale;

/** The languages besides Russian, which a record may have a translation into. */
export type TranslationLocale = Exclude<Locale, typeof DEFAULT_LOCALE>;

export const TRANSLATION_LOCALES: readonly TranslationLocale[] = LOCALES.filter((locale): locale is TranslationLocale => locale !== DEFAULT_LOCALE);

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The languages switched on besides Russian. */
export const translationLocales = (siteLocales: readonly Locale[]): TranslationLocale[] =>
  siteLocales.filter((locale): locale is TranslationLocale => locale !== DEFAULT_LOCALE);

/**
 * The language of a site path and the path within it: `/en/news` is English `/news`, `/en` English `/`; every
 * other path is Russian. Only the site's languages (`siteLocales`) have a prefix.
 */
export function splitLocalePath(path: string, siteLocales: readonly Locale[]): { locale: Locale; path: string } {
  for (const locale of siteLocales) {
    if (locale === DEFAULT_LOCALE) continue;
    const prefix = `/${locale}`;
    if (path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)) {
      const rest = path.slice(prefix.length);
      return { locale, path: rest.startsWith('/') ? rest : `/${rest}` };
    }
  }
  return { locale: DEFAULT_LOCALE, path };
}

/** A site path in a language: Russian paths as they are, the others under their prefix (`/news` → `/en/news`). */
export const localizedPath = (locale: Locale, path: string): string => (locale === DEFAULT_LOCALE ? path : path === '/' ? `/${locale}` : `/${locale}${path}`);

/** Each language's name in its own words, as the language switch shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { ru: 'Русский', en: 'English' };
