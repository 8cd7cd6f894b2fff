import type { TranslationLocale } from '../../lib/locales.js';
import { isTranslated, localizedFieldsOf, localizedSlugOf, type ResourceDescriptor } from '../../lib/resources/index.js';
import { nowIso } from '../content/visibility.js';
import type { SelectQueryBuilder } from 'kysely';
import type { Database, Db, Trx } from '../db/schema.js';

/**
 * Where a record's versions in other languages are kept: one row of `translations` per record and language, the
 * localized fields' values as one JSON object. A field declared localized later needs no migration; the resource's
 * own columns stay the Russian version, which every existing read goes on reading unchanged. The row stays while
 * its record is in the trash (it comes back with it under the same id) and goes when the record is deleted for good.
 */

/** A record's localized values in one language, by field name. */
export type TranslationValues = Record<string, string>;

export interface StoredTranslation {
  values: TranslationValues;
  /** Its required localized fields are filled: visitors may read it. */
  translated: boolean;
}

/**
 * The most ids one query names: a longer list (a rebuild of the search index names every record) would pass the
 * bound parameters a statement may carry (32,766 on SQLite), so the query then reads the resource's whole language and
 * keeps the named records.
 */
const IDS_PER_QUERY = 1_000;

async function ofRecords<Row extends { record_id: number }>(query: SelectQueryBuilder<Database, 'translations', Row>, ids: readonly number[]): Promise<Row[]> {
  if (ids.length <= IDS_PER_QUERY) return query.where('record_id', 'in', [...ids]).execute();
  const named = new Set(ids);
  return (await query.execute()).filter((row) => named.has(row.record_id));
}

/** The versions in `locale` of the named records, by record id (records without one are absent). */
export async function translationsOf(
  db: Db,
  resource: ResourceDescriptor,
  ids: readonly number[],
  locale: TranslationLocale,
): Promise<Map<number, StoredTranslation>> {
  if (ids.length === 0) return new Map();
  const query = db
    .selectFrom('translations')
    .select(['record_id', 'field_values', 'translated'])
    .where('resource', '=', resource.name)
    .where('locale', '=', locale);
  const rows = await ofRecords(query, ids);
  return new Map(rows.map((row) => [row.record_id, { values: JSON.parse(row.field_values) as TranslationValues, translated: row.translated === 1 }]));
}

/** The ids among `ids` whose version in `locale` visitors may read. */
export async function translatedAmong(db: Db, resource: ResourceDescriptor, ids: readonly number[], locale: TranslationLocale): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const query = db
    .selectFrom('translations')
    .select('record_id')
    .where('resource', '=', resource.name)
    .where('locale', '=', locale)
    .where('translated', '=', 1);
  const rows = await ofRecords(query, ids);
  return new Set(rows.map((row) => row.record_id));
}

/** The ids among `ids` with a version in `locale`, each with whether visitors may read it (translated). */
export async function versionsAmong(db: Db, resource: ResourceDescriptor, ids: readonly number[], locale: TranslationLocale): Promise<Map<number, boolean>> {
  if (ids.length === 0) return new Map();
  const query = db.selectFrom('translations').select(['record_id', 'translated']).where('resource', '=', resource.name).where('locale', '=', locale);
  const rows = await ofRecords(query, ids);
  return new Map(rows.map((row) => [row.record_id, row.translated === 1]));
}

/** The record other than `exceptId` whose version in `locale` has this slug, if any. */
export async function slugOwner(
  db: Db,
  resource: ResourceDescriptor,
  locale: TranslationLocale,
  slug: string,
  exceptId: number | null,
): Promise<number | null> {
  let query = db.selectFrom('translations').select('record_id').where('resource', '=', resource.name).where('locale', '=', locale).where('slug', '=', slug);
  if (exceptId !== null) query = query.where('record_id', '!=', exceptId);
  return (await query.executeTakeFirst())?.record_id ?? null;
}

/**
 * Writes the values sent for a record's version in `locale` over the kept ones (fields not sent stay as they
 * were); `null` removes the version, and so does a version left with nothing in it. Only localized fields are kept;
 * the version is marked translated when its required fields are filled.
 */
export async function writeTranslation(
  trx: Trx,
  resource: ResourceDescriptor,
  recordId: number,
  locale: TranslationLocale,
  sent: Readonly<Record<string, unknown>> | null,
): Promise<void> {
  const values: TranslationValues = {};
  if (sent !== null) {
    const kept = (await translationsOf(trx, resource, [recordId], locale)).get(recordId)?.values ?? {};
    for (const [name] of localizedFieldsOf(resource)) {
      const value = sent[name] ?? kept[name];
      if (typeof value === 'string' && value !== '') values[name] = value;
    }
  }
  // A version left with nothing written in it is none (a form that showed the English fields and got no text).
  if (Object.keys(values).length === 0) {
    await trx.deleteFrom('translations').where('resource', '=', resource.name).where('record_id', '=', recordId).where('locale', '=', locale).execute();
    return;
  }
  const slugField = localizedSlugOf(resource);
  const row = {
    field_values: JSON.stringify(values),
    slug: (slugField && values[slugField]) || null,
    translated: isTranslated(resource, values) ? 1 : 0,
    updated_at: nowIso(),
  };
  await trx
    .insertInto('translations')
    .values({ resource: resource.name, record_id: recordId, locale, ...row })
    .onConflict((conflict) => conflict.columns(['resource', 'record_id', 'locale']).doUpdateSet(row))
    .execute();
}

/** Drops a record's versions in every language once the record itself is deleted for good. */
export async function forgetTranslations(trx: Trx, resource: string, recordId: number): Promise<void> {
  await trx.deleteFrom('translations').where('resource', '=', resource).where('record_id', '=', recordId).execute();
}
