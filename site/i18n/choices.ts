import type { Locale } from '@lib/locales.js';
import { choiceNames, type Field } from '@lib/resources/index.js';
import { TEXTS } from '@lib/siteTexts.js';

/**
 * The names of a resource's choice fields' keys in a language: the declared (Russian) names, with those the
 * language's dictionary gives instead.
 */
export function choiceNamesIn(locale: Locale, resource: string, fields: Readonly<Record<string, Field>>): Record<string, Record<string, string>> {
  const declared = choiceNames(fields);
  const translated = TEXTS[locale].choiceNames[resource] ?? {};
  return Object.fromEntries(Object.entries(declared).map(([name, names]) => [name, { ...names, ...translated[name] }]));
}
