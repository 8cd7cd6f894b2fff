import { LOCALES } from '@lib/locales.js';
import { loadTexts } from '../i18n/texts.js';

/** The server has every language's interface texts at hand before it renders its first page. */
export async function onCreateGlobalContext(): Promise<void> {
  await Promise.all(LOCALES.map(loadTexts));
}
