import { formatDate, formatDateEnglish } from '@lib/format.js';
import type { Locale } from '@lib/locales.js';

const LONG_DATES: Readonly<Record<Locale, (value: string) => string>> = { ru: formatDate, en: formatDateEnglish };

/** A long date in the language, in Moscow time (`12 марта 2026 г.`, `12 March 2026`); an invalid date gives an empty string. */
export function formatDateIn(locale: Locale, value: string): string {
  return LONG_DATES[locale](value);
}
