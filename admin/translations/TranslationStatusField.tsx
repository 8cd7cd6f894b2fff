import { Chip } from '@mui/material';
import { SelectInput, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { TranslationLocale } from '@lib/locales.js';
import { useTranslationLocalesOf } from './siteLocales.js';

/** The list column and filter of whether a record has a version in `locale` that visitors may read. */
const statusSource = (locale: TranslationLocale) => `translated_${locale}`;

/** Whether the row's record has its version in a language (`source`: `translated_en`): «есть» or «нет». */
export const TranslationStatusField = ({ source }: { source: string; label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const translated = Number(record[source]) === 1;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={translated ? 'success' : 'default'}
      label={translate(`app.translation.status.${translated ? 'done' : 'none'}`)}
    />
  );
};

/** The list's translation columns: one per language, on a translatable resource of a site with English. */
export function useTranslationColumns() {
  const locales = useTranslationLocalesOf(useResourceContext());
  return locales.map((locale) => (
    <TranslationStatusField key={statusSource(locale)} source={statusSource(locale)} label="app.translation.column" sortable={false} />
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
