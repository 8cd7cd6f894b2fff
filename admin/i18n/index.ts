import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import russianMessages from 'ra-language-russian';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { appMessages, editorialMessages, searchCalendarMessages, trashMessages } from './ru.js';

/**
 * Russian messages: ra-language-russian merged over the English ones (it lacks a few newer keys, which then show in
 * English rather than as raw keys), and the admin's own messages over both.
 */
export const russian: TranslationMessages = mergeTranslations(
  englishMessages,
  russianMessages,
  appMessages,
  searchCalendarMessages,
  trashMessages,
  editorialMessages,
);

export const i18nProvider = polyglotI18nProvider(() => russian, 'ru', [{ locale: 'ru', name: 'Русский' }], {
  allowMissing: true,
});
