import { Chip } from '@mui/material';
import { SelectInput, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { TranslationLocale } from '@lib/locales.js';
import { TRANSLATION_STATES, translationStateColumn, type TranslationState } from '@lib/resources/index.js';
import { useTranslationLocalesOf } from './siteLocales.js';

/** The list filter of whether a record has a version in `locale` that visitors may read (an unfinished one is none). */
const statusSource = (locale: TranslationLocale) => `translated_${locale}`;

const STATE_COLOURS = { done: 'success', unfinished: 'warning', none: 'default' } as const;

const isState = (value: unknown): value is TranslationState => (TRANSLATION_STATES as readonly unknown[]).includes(value);

/** How far the row's record's version in a language is (`source`: `translation_en`): «есть», «не закончен» or «нет». */
export const TranslationStatusField = ({ source }: { source: string; label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const value: unknown = record[source];
  const state = isState(value) ? value : 'none';
  return <Chip size="small" variant="outlined" color={STATE_COLOURS[state]} label={translate(`app.translation.status.${state}`)} />;
};

/** The list's translation columns: one per language, on a translatable resource of a site with English. */
export function useTranslationColumns() {
  const locales = useTranslationLocalesOf(useResourceContext());
  return locales.map((locale) => (
    <TranslationStatusField key={locale} source={translationStateColumn(locale)} label="app.translation.column" sortable={false} />
  ));
}

const TRANSLATED_CHOICES = [
  { id: 0, name: 'app.translation.filter.missing' },
  { id: 1, name: 'app.translation.filter.present' },
];

/** The list's filter «нет перевода» (and «есть перевод»), on a translatable resource of a site with English. */
export function useTranslationFilters() {
  const locales = useTranslationLocalesOf(useResourceContext());
  return locales.map((locale) => (
    <SelectInput key={statusSource(locale)} source={statusSource(locale)} label="app.translation.column" choices={TRANSLATED_CHOICES} />
  ));
}
