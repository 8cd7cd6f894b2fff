import type { TranslationLocale } from '@lib/locales.js';

/** Where a form keeps a localized field's value in another language: `translations.en.title`. */
export const translationPath = (locale: TranslationLocale, field: string): string => `translations.${locale}.${field}`;
