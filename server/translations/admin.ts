import { z } from 'zod';
import { translationLocales, type Locale, type TranslationLocale } from '../../lib/locales.js';
import { isTranslatable, localizedFieldsOf, translationStateColumn, type ResourceDescriptor, type TranslationState } from '../../lib/resources/index.js';
import type { ListSpec } from '../records/listQuery.js';
import { conflict, SLUG_TAKEN_MESSAGE } from '../records/unique.js';
import type { Db, Trx } from '../db/schema.js';
import { fieldSchema } from '../resources/zod.js';
import { slugOwner, translationsOf, versionsAmong, writeTranslation, type TranslationValues } from './store.js';

/**
 * The admin's side of translations: with English switched on, a translatable resource's reads answer the record's
 * English version (`translations: { en: {…} }`, null when it has none) and whether it is translated
 * (`translated_en`); its writes take `translations` beside the Russian fields, checked by the same field rules and
 * saved in the same transaction, version and history as the record. With Russian alone none of it exists.
 */

/** The languages a resource's records are translated into on this site: none when it has nothing to translate. */
export const translationLocalesOf = (resource: ResourceDescriptor, siteLocales: readonly Locale[]): TranslationLocale[] =>
  isTranslatable(resource) ? translationLocales(siteLocales) : [];

/** The list column and filter telling whether a record has a version in `locale`. */
export const translatedColumn = (locale: TranslationLocale): `translated_${TranslationLocale}` => `translated_${locale}`;

/** An admin list with a `translated_en` filter per other language (not a column: the translations table answers it). */
export function withTranslationFilters(spec: ListSpec, locales: readonly TranslationLocale[]): ListSpec {
  if (!locales.length) return spec;
  const filters = { ...spec.filters, ...Object.fromEntries(locales.map((locale) => [translatedColumn(locale), 'int' as const])) };
  return { ...spec, filters, translationFilters: Object.fromEntries(locales.map((locale) => [translatedColumn(locale), locale])) };
}

/** What a write sends: a language's values (any subset of the localized fields), or null to remove that version. */
export type SentTranslations = Partial<Record<TranslationLocale, Record<string, unknown> | null>>;

/** A record's versions as the admin reads them and a revision keeps them: each language's values, or null. */
export type TranslationSnapshot = Partial<Record<TranslationLocale, TranslationValues | null>>;

/**
 * The schema of `translations` in a write: per language an object of the localized fields, each by its field's
 * rules (length, pattern, the rich text's sanitiser) except that none is required, as a version may be written in
 * steps; a multipart form sends it as JSON text.
 */
export function translationsSchema(resource: ResourceDescriptor, locales: readonly TranslationLocale[]): z.ZodType<SentTranslations> {
  const fields: Record<string, z.ZodType> = {};
  for (const [name, field] of localizedFieldsOf(resource)) {
    const schema = fieldSchema(field.kind === 'slug' ? field : { ...field, required: false });
    // A field cleared in a form comes as null in JSON: it empties the field as `""` does.
    if (schema) fields[name] = z.preprocess((value) => (value === null ? '' : value), schema.optional());
  }
  const version = z.strictObject(fields, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Поле «${String(issue.keys[0])}» не переводится.` : 'Ожидается объект.'),
  });
  const languages = Object.fromEntries(locales.map((locale) => [locale, version.nullable().optional()]));
  const parsed = z.strictObject(languages, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Язык «${String(issue.keys[0])}» на сайте не включён.` : 'Ожидается объект.'),
  });
  return z.preprocess((value, context) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'Ожидается JSON.' });
      return z.NEVER;
    }
  }, parsed) as z.ZodType<SentTranslations>;
}

/**
 * A record's versions in the given languages, each with every localized field (empty where not written), so that
 * restoring a kept snapshot writes back each field as it was, the emptied ones included.
 */
export async function translationSnapshot(
  db: Db,
  resource: ResourceDescriptor,
  id: number,
  locales: readonly TranslationLocale[],
): Promise<TranslationSnapshot> {
  const snapshot: TranslationSnapshot = {};
  for (const locale of locales) {
    const stored = (await translationsOf(db, resource, [id], locale)).get(id)?.values;
    snapshot[locale] = stored ? Object.fromEntries(localizedFieldsOf(resource).map(([name]) => [name, stored[name] ?? ''])) : null;
  }
  return snapshot;
}

/** Saves the versions a write sent, inside its transaction; an English slug another record has is a 409. */
export async function saveTranslations(
  trx: Trx,
  resource: ResourceDescriptor,
  id: number,
  sent: SentTranslations,
  locales: readonly TranslationLocale[],
): Promise<void> {
  for (const locale of locales) {
    const values = sent[locale];
    if (values === undefined) continue;
    const slug = values?.slug;
    if (typeof slug === 'string' && slug !== '' && (await slugOwner(trx, resource, locale, slug, id)) !== null) {
      throw conflict(`translations.${locale}.slug`, SLUG_TAKEN_MESSAGE);
    }
    await writeTranslation(trx, resource, id, locale, values);
  }
}

type Presented = Record<string, unknown>;

/**
 * List rows with whether each record is translated into each language (`translated_en`) and how far its version
 * there is (`translation_en`: none, unfinished or done), for the admin's column «Перевод».
 */
export async function withTranslationStatus(
  db: Db,
  resource: ResourceDescriptor,
  locales: readonly TranslationLocale[],
  records: unknown[],
): Promise<unknown[]> {
  const ids = records.map((record) => Number((record as Presented).id));
  const versions = await Promise.all(locales.map(async (locale) => [locale, await versionsAmong(db, resource, ids, locale)] as const));
  return records.map((record, at) => {
    const id = ids[at] ?? 0;
    const status = versions.flatMap(([locale, ofLocale]) => {
      const state: TranslationState = !ofLocale.has(id) ? 'none' : ofLocale.get(id) ? 'done' : 'unfinished';
      return [
        [translatedColumn(locale), state === 'done' ? 1 : 0],
        [translationStateColumn(locale), state],
      ];
    });
    return { ...(record as Presented), ...Object.fromEntries(status) };
  });
}

/** One record as the admin reads it, with its versions in the other languages. */
export async function withTranslations(db: Db, resource: ResourceDescriptor, locales: readonly TranslationLocale[], record: unknown): Promise<unknown> {
  const translations = await translationSnapshot(db, resource, Number((record as Presented).id), locales);
  return { ...(record as Presented), translations };
}
