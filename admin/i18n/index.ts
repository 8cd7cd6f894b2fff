import polyglotI18nProvider from 'ra-i18n-polyglot';
import russianMessages from 'ra-language-russian';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { resourceMessages } from '../resources.js';
import { libraryMessages } from './library.js';
import { appMessages } from './ru.js';
import { editorialMessages, formMessages, indexNowMessages, presenceMessages, searchCalendarMessages, trashMessages } from './screens.js';
import { translationMessages } from './translations.js';

/**
 * Russian messages: ra-language-russian, with the admin's own messages over it (they add the keys it lacks; a test
 * checks that every key of react-admin's English messages has a Russian text).
 */
export const russian: TranslationMessages = mergeTranslations(
  russianMessages,
  appMessages,
  resourceMessages,
  searchCalendarMessages,
  trashMessages,
  indexNowMessages,
  editorialMessages,
  presenceMessages,
  formMessages,
  libraryMessages,
  translationMessages,
);

export const i18nProvider = polyglotI18nProvider(() => russian, 'ru', [{ locale: 'ru', name: 'Русский' }], {
  allowMissing: true,
});
