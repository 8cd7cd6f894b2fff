import { z } from 'zod';
import type { TranslationLocale } from '../../lib/locales.js';
import { localizedFieldsOf, TRANSLATION_STATES, translationStateColumn, type ResourceDescriptor } from '../../lib/resources/index.js';
import { flag } from '../http/openapi/shapes.js';
import { declaredReadShape } from '../resources/recordSchemas.js';
import { translatedColumn, translationsSchema } from './admin.js';

/** The translation status columns of a list row: `translated_en` and the like. */
function statusShape(locales: readonly TranslationLocale[]): Record<string, z.ZodType> {
  return Object.fromEntries(
    locales.map((locale) => [
      translatedColumn(locale),
      flag.meta({ description: `1 when the record has a complete version in \`${locale}\` (its required localized fields filled).` }),
    ]),
  );
}

/** How far a list row's versions are: `translation_en` and the like. */
function stateShape(locales: readonly TranslationLocale[]): Record<string, z.ZodType> {
  return Object.fromEntries(
    locales.map((locale) => [
      translationStateColumn(locale),
      z.enum(TRANSLATION_STATES).meta({ description: `The record's version in \`${locale}\`: none, unfinished (a required localized field empty) or done.` }),
    ]),
  );
}

/** A list row with its translation status, where the site has another language. */
export function translatedListRowSchema(row: z.ZodType, locales: readonly TranslationLocale[]): z.ZodType {
  return locales.length && row instanceof z.ZodObject ? row.extend({ ...statusShape(locales), ...stateShape(locales) }) : row;
}

/** A record as the admin reads it, with its versions in the other languages, where the site has them. */
export function translatedRecordSchema(record: z.ZodType, resource: ResourceDescriptor, locales: readonly TranslationLocale[]): z.ZodType {
  if (!locales.length || !(record instanceof z.ZodObject)) return record;
  const values = z
    .object(
      declaredReadShape(
        resource,
        localizedFieldsOf(resource).map(([name]) => name),
      ),
    )
    .partial();
  const translations = z
    .object(Object.fromEntries(locales.map((locale) => [locale, values.nullable()])))
    .meta({ description: 'The record in each other language of the site: its localized fields (null: no version in that language).' });
  return record.extend({ ...statusShape(locales), translations });
}

/** The `translations` a write of the resource takes beside its fields, where the site has another language. */
export const translationsBodyShape = (resource: ResourceDescriptor, locales: readonly TranslationLocale[]): Record<string, z.ZodType> =>
  locales.length
    ? {
        translations: translationsSchema(resource, locales)
          .optional()
          .meta({ description: 'The record in other languages: per language its localized fields (any of them), or null to remove that version.' }),
      }
    : {};
