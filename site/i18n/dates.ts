import { formatDate } from '@lib/format.js';
import { DEFAULT_LOCALE, type Locale } from '@lib/locales.js';
import { textsIn } from './texts.js';

const LONG_DATES = new Map<Locale, Intl.DateTimeFormat>();

/** A long date in the language, in Moscow time (`12 марта 2026 г.`, `12 March 2026`); an invalid date gives an empty string. */
export function formatDateIn(locale: Locale, value: string): string {
  if (locale === DEFAULT_LOCALE) return formatDate(value);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let format = LONG_DATES.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(textsIn(locale).dateLocale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' });
    LONG_DATES.set(locale, format);
  }
  return format.format(date);
}
