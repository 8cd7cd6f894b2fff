import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { TranslationLocale } from '../../lib/locales.js';

/**
 * The admin list's `translated_en` filter: `1` keeps the records with an English version visitors may read, `0`
 * («нет перевода») those without one, including those whose version is unfinished; both values filter nothing.
 */
export function translatedFilter(resource: string, locale: TranslationLocale, values: readonly (number | string)[]): RawBuilder<SqlBool> {
  const wanted = new Set(values.map(Number));
  const translated = sql`select record_id from translations where resource = ${resource} and locale = ${locale} and translated = 1`;
  if (wanted.has(1) && wanted.has(0)) return sql<SqlBool>`1 = 1`;
  return wanted.has(1) ? sql<SqlBool>`id in (${translated})` : sql<SqlBool>`id not in (${translated})`;
}
