import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { TranslationLocale } from '../../lib/locales.js';
import { localizedFieldsOf, localizedSlugOf, type ResourceDescriptor } from '../../lib/resources/index.js';
import type { DeclaredDatabase } from '../db/declared.js';
import type { Db } from '../db/schema.js';
import { translatedFilter } from './listFilter.js';
import { translationsOf } from './store.js';

/**
 * Visitors' reads in another language than Russian, for every resource alike: only records with a translated
 * version exist in it (no list mixes languages; its pages and total count them alone), and their localized fields
 * read in that language. A field the version leaves empty reads empty, never in Russian; the slug reads as the
 * Russian one until the version has its own.
 */

/** The records visitors may read in `locale`. */
export const translatedIn = (resource: ResourceDescriptor, locale: TranslationLocale): RawBuilder<SqlBool> => translatedFilter(resource.name, locale, [1]);

/**
 * The same, except for the one record a preview link opened: its version in `locale` shows even while unfinished.
 * A record with no version at all still has no page in that language.
 */
function translatedOrPreviewed(resource: ResourceDescriptor, locale: TranslationLocale, previewedId: number | null): RawBuilder<SqlBool> {
  if (previewedId === null) return translatedIn(resource, locale);
  const begun = sql`select record_id from translations where resource = ${resource.name} and locale = ${locale}`;
  return sql<SqlBool>`(${translatedIn(resource, locale)} or (id = ${previewedId} and id in (${begun})))`;
}

type Row = Record<string, unknown>;

/** Rows with the localized columns they carry replaced by their values in `locale`. */
export async function withTranslatedValues<R extends object>(db: Db, resource: ResourceDescriptor, locale: TranslationLocale, rows: R[]): Promise<R[]> {
  const translations = await translationsOf(
    db,
    resource,
    rows.map((row) => Number((row as Row).id)),
    locale,
  );
  const slug = localizedSlugOf(resource);
  return rows.map((row) => {
    const own = row as Row;
    const values = translations.get(Number(own.id))?.values ?? {};
    const translated: Row = { ...own };
    for (const [name] of localizedFieldsOf(resource)) {
      if (name in own) translated[name] = name === slug ? values[name] || own[name] : (values[name] ?? '');
    }
    return translated as R;
  });
}

type RecordQuery = SelectQueryBuilder<DeclaredDatabase, string, Row>;

/**
 * The record a page address names in `locale`: by its slug in that language, else by the Russian slug of a record
 * whose version has none of its own (or by the key field where the resource has no localized slug), or by id.
 * `previewedId` names the record a preview link opened, found even with its version unfinished.
 */
export async function inLanguage(
  query: RecordQuery,
  resource: ResourceDescriptor,
  locale: TranslationLocale,
  keyField: string,
  key: string,
  byId: number | null,
  previewedId: number | null = null,
): Promise<Row | undefined> {
  const visible = query.where(translatedOrPreviewed(resource, locale, previewedId));
  const slug = localizedSlugOf(resource);
  if (slug === keyField) {
    const ownSlug = sql<number>`(select record_id from translations where resource = ${resource.name} and locale = ${locale} and slug = ${key})`;
    const bySlug = await visible.where(sql<SqlBool>`id = ${ownSlug}`).executeTakeFirst();
    if (bySlug) return bySlug;
    const withOwnSlug = sql`select record_id from translations where resource = ${resource.name} and locale = ${locale} and slug is not null`;
    const byRussianSlug = await visible
      .where(keyField, '=', key)
      .where(sql<SqlBool>`id not in (${withOwnSlug})`)
      .orderBy('id')
      .executeTakeFirst();
    if (byRussianSlug) return byRussianSlug;
  } else {
    const byKey = await visible.where(keyField, '=', key).orderBy('id').executeTakeFirst();
    if (byKey) return byKey;
  }
  return byId === null ? undefined : visible.where('id', '=', byId).executeTakeFirst();
}
