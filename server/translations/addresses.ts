import { localizedPath, type TranslationLocale } from '../../lib/locales.js';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import type { Db, Row } from '../resources/hooks.js';
import { withTranslatedValues } from './publicReads.js';
import { translatedAmong } from './store.js';

/**
 * A record's page address in each of `locales` it has a version in, with the language's prefix (`/en/news/…`,
 * under its slug in that language): what the redirects and IndexNow follow beside its Russian address. Empty for a
 * resource without pages.
 */
export async function translatedAddresses(
  db: Db,
  resource: ResourceDescriptor,
  row: Row,
  locales: readonly TranslationLocale[],
): Promise<Map<TranslationLocale, string>> {
  const page = resource.public?.page;
  const addresses = new Map<TranslationLocale, string>();
  if (!page) return addresses;
  for (const locale of locales) {
    if (!(await translatedAmong(db, resource, [row.id], locale)).has(row.id)) continue;
    const [read = row] = await withTranslatedValues(db, resource, locale, [row]);
    addresses.set(locale, localizedPath(locale, page.path(read)));
  }
  return addresses;
}
