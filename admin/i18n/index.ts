import Polyglot from 'node-polyglot';
import russianMessages from 'ra-language-russian';
import { mergeTranslations, type I18nProvider, type TranslationMessages } from 'react-admin';
import { resourceMessages } from '../resources.js';
import { draftMessages } from './drafts.js';
import { libraryMessages } from './library.js';
import { appMessages } from './ru.js';
import { editorialMessages, formMessages, presenceMessages, screenMenuMessages, searchMessages, trashMessages } from './screens.js';
import { translationMessages } from './translations.js';

/**
 * Russian messages: ra-language-russian, with the admin's own messages over it (they add the keys it lacks; a test
 * checks that every key of react-admin's English messages has a Russian text). A screen that loads on demand brings
 * its own texts with its code (`addScreenTexts`), so that every other screen does not download them.
 */
export const russian: TranslationMessages = mergeTranslations(
  russianMessages,
  appMessages,
  resourceMessages,
  searchMessages,
  screenMenuMessages,
  trashMessages,
  editorialMessages,
  presenceMessages,
  formMessages,
  libraryMessages,
  translationMessages,
  draftMessages,
);

// A key without a text shows the key itself (react-admin's polyglot provider does the same with `allowMissing`).
const polyglot = new Polyglot({ locale: 'ru', phrases: { '': '', ...russian }, allowMissing: true });

export const i18nProvider: I18nProvider = {
  translate: (key, options = {}) => polyglot.t(key, options),
  changeLocale: () => Promise.resolve(),
  getLocale: () => 'ru',
  getLocales: () => [{ locale: 'ru', name: 'Русский' }],
};

/** Adds the texts of a screen that loads on demand, when its code loads (before it first shows). */
export function addScreenTexts(messages: object): void {
  polyglot.extend(messages);
}
