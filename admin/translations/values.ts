import { TRANSLATION_LOCALES, type TranslationLocale } from '@lib/locales.js';
import { localizedFieldsOf, resourceNamed, type Field } from '@lib/resources/index.js';

/** Where a form keeps a localized field's value in another language: `translations.en.title`. */
export const translationPath = (locale: TranslationLocale, field: string): string => `translations.${locale}.${field}`;

const TRANSLATION_PATH = /^translations\.([a-z]+)\.(.+)$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The fields a record's versions are compared by (the history's diff, the conflict view, the kept form values): its
 * own, and each localized field of its version in each other language, under its path (`translations.en.title`).
 * A record read without translations (a Russian-only site) simply has no value under those paths.
 */
export function comparedFieldsOf(resource: string): Record<string, Field> {
  const descriptor = resourceNamed(resource);
  if (!descriptor) return {};
  const translated = TRANSLATION_LOCALES.flatMap((locale) =>
    localizedFieldsOf(descriptor).map(([name, field]) => [translationPath(locale, name), field] as const),
  );
  return { ...descriptor.fields, ...Object.fromEntries(translated) };
}

/** A record's value of a compared field: its own field's, or its language version's (none when it has no version). */
export const valueAt = (record: Readonly<Record<string, unknown>>, name: string): unknown =>
  name.split('.').reduce<unknown>((value, part) => (isObject(value) ? value[part] : undefined), record);

/** Whether a record carries a compared field at all: a record read without its translations has none of theirs. */
export const carries = (record: Readonly<Record<string, unknown>>, name: string): boolean => (name.split('.')[0] ?? name) in record;

/** A record with one compared field's value replaced (a language version missing until then is started). */
export function withValueAt<T extends Record<string, unknown>>(record: T, name: string, value: unknown): T {
  const [head = name, ...rest] = name.split('.');
  if (rest.length === 0) return { ...record, [head]: value };
  const inner = isObject(record[head]) ? (record[head] as Record<string, unknown>) : {};
  return { ...record, [head]: withValueAt(inner, rest.join('.'), value) };
}

/**
 * How a compared field is named to people: its label, for a language version's field with the version's name, and
 * `translations` (what a save changed, in the history) as «Перевод».
 */
export function comparedFieldLabel(translate: (key: string, options?: Record<string, unknown>) => string, resource: string, name: string): string {
  if (name === 'translations') return translate('app.translation.column');
  const path = TRANSLATION_PATH.exec(name);
  const field = path?.[2] ?? name;
  const label = translate(`resources.${resource}.fields.${field}`, { _: field });
  return path ? `${label} — ${translate(`app.translation.version.${path[1] ?? ''}`)}` : label;
}
