import type { ResourceDescriptor } from './descriptor.js';
import type { Field, HtmlField, SlugField, TextField } from './fields.js';

/** A field a record may hold in English beside its Russian value. */
export type LocalizedField = (TextField | SlugField | HtmlField) & { localized: true };

export const isLocalized = (field: Field): field is LocalizedField =>
  (field.kind === 'text' || field.kind === 'slug' || field.kind === 'html') && field.localized === true;

/** How far a record's version in a language is: none, begun (a required field still empty), or translated. */
export const TRANSLATION_STATES = ['none', 'unfinished', 'done'] as const;

export type TranslationState = (typeof TRANSLATION_STATES)[number];

/** The admin list's column of a record's translation state in a language: `translation_en`. */
export const translationStateColumn = (locale: string): string => `translation_${locale}`;

/** The resource's localized fields, by name, in their declared order. */
export const localizedFieldsOf = (resource: ResourceDescriptor): [string, LocalizedField][] =>
  Object.entries(resource.fields).filter((entry): entry is [string, LocalizedField] => isLocalized(entry[1]));

/** Whether a resource has anything to translate. */
export const isTranslatable = (resource: ResourceDescriptor): boolean => localizedFieldsOf(resource).length > 0;

/** The name of the resource's localized slug field, whose English value is the record's English address part. */
export const localizedSlugOf = (resource: ResourceDescriptor): string | undefined =>
  localizedFieldsOf(resource).find(([, field]) => field.kind === 'slug')?.[0];

/**
 * Whether a record's values in a language make a version of it visitors may read: every required localized field
 * is filled, or, where none is required, at least one localized field is.
 */
export function isTranslated(resource: ResourceDescriptor, values: Readonly<Record<string, unknown>>): boolean {
  const fields = localizedFieldsOf(resource);
  const filled = ([name]: [string, LocalizedField]) => typeof values[name] === 'string' && (values[name] as string).trim() !== '';
  const required = fields.filter(([, field]) => field.kind !== 'slug' && field.required === true);
  return required.length > 0 ? required.every(filled) : fields.some(filled);
}
