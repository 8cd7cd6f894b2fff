import polyglotI18nProvider from 'ra-i18n-polyglot';
import russianMessages from 'ra-language-russian';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { appMessages, editorialMessages, formMessages, presenceMessages, searchCalendarMessages, trashMessages } from './ru.js';

/**
 * Russian messages: ra-language-russian, with the admin's own messages over it (they add the keys it lacks; a test
 * checks that every key of react-admin's English messages has a Russian text).
 */
export const russian: TranslationMessages = mergeTranslations(
  russianMessages,
  appMessages,
  searchCalendarMessages,
  trashMessages,
  editorialMessages,
  presenceMessages,
  formMessages,
);

export const i18nProvider = polyglotI18nProvider(() => russian, 'ru', [{ locale: 'ru', name: 'Русский' }], {
  allowMissing: true,
});
