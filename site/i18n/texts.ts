import { DEFAULT_LOCALE, type Locale } from '@lib/locales.js';
import type { SiteTexts } from '@lib/siteTexts.js';
import { RU_TEXTS } from '@lib/siteTextsRu.js';

/**
 * The interface texts the pages have at hand, by language. Russian is always here; another language's dictionary
 * is a chunk of its own, loaded before the first page in it renders (on the server once at start, in the browser before
 * hydrating or navigating), so that Russian pages' first load carries no English.
 */
const dictionaries: Partial<Record<Locale, SiteTexts>> = { [DEFAULT_LOCALE]: RU_TEXTS };

/** Makes the language's texts available to `textsIn`; at once when they already are. */
export async function loadTexts(locale: Locale): Promise<void> {
  if (dictionaries[locale]) return;
  dictionaries[locale] = (await import('@lib/siteTextsEn.js')).EN_TEXTS;
}

/** The interface texts in the language (loaded by `loadTexts` before any page in it renders). */
export function textsIn(locale: Locale): SiteTexts {
  const texts = dictionaries[locale];
  if (!texts) throw new Error(`The interface texts in «${locale}» are not loaded`);
  return texts;
}
