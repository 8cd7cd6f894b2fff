import { Stack, Tab, Tabs } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { useResourceContext, useTranslate } from 'react-admin';
import { DEFAULT_LOCALE, type Locale } from '@lib/locales.js';
import { useTranslationLocalesOf } from './siteLocales.js';
import { TranslationFields } from './TranslationFields.js';

/** Whether a form's errors name fields of the Russian version (the record's own) or of the other languages'. */
const errorsIn = (errors: Record<string, unknown>) => ({
  russian: Object.keys(errors).some((name) => name !== 'translations'),
  translations: 'translations' in errors,
});

/**
 * The body of a form of a translatable resource on a site with English: a switch between the Russian form (every
 * field, as without English) and each other language's version of the localized fields. The Russian fields stay
 * mounted while hidden, so that nothing typed in them is lost; a save refused for a field of the hidden side shows it.
 * On a Russian-only site, or for a resource with nothing to translate, the form's fields as they are.
 */
export const LanguageTabs = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const locales = useTranslationLocalesOf(useResourceContext());
  const [language, setLanguage] = useState<Locale>(DEFAULT_LOCALE);
  const { errors, submitCount } = useFormState();
  // Only a new attempt to save moves the editor to where the problem is.
  const [handledSubmit, setHandledSubmit] = useState(submitCount);
  if (submitCount !== handledSubmit) {
    setHandledSubmit(submitCount);
    const where = errorsIn(errors);
    if (language !== DEFAULT_LOCALE && where.russian) setLanguage(DEFAULT_LOCALE);
    else if (language === DEFAULT_LOCALE && !where.russian && where.translations && locales[0]) setLanguage(locales[0]);
  }
  if (locales.length === 0) return <>{children}</>;
  return (
    <>
      <Tabs value={language} onChange={(_event, value: Locale) => setLanguage(value)} aria-label={translate('app.translation.languages')} sx={{ mb: 1 }}>
        {[DEFAULT_LOCALE, ...locales].map((locale) => (
          <Tab key={locale} value={locale} label={translate(`app.translation.language.${locale}`)} />
        ))}
      </Tabs>
      <Stack sx={{ alignItems: 'flex-start', width: '100%', display: language === DEFAULT_LOCALE ? undefined : 'none' }}>{children}</Stack>
      {language !== DEFAULT_LOCALE && <TranslationFields locale={language} />}
    </>
  );
};
