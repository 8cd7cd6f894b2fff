import { createHash } from 'node:crypto';
import { CONSENT_PAGE } from '../../lib/enquiry.js';
import { DEFAULT_LOCALE, type Locale } from '../../lib/locales.js';
import { textPages } from '../../lib/resources/site.js';
import type { Db } from '../db/schema.js';
import { nowIso } from '../content/visibility.js';
import { translationsOf } from '../translations/store.js';

/**
 * The consent text as the form shows it now: the text page and its version (every save of the page, its translations
 * included, bumps it), in the language the visitor reads it in.
 */
export interface CurrentConsent {
  id: number;
  identifier: string;
  title: string;
  content: string;
  version: number;
  /** The language of `title` and `content`: the page's, or Russian where the page has no finished version in it. */
  locale: Locale;
}

/**
 * The consent text a visitor of the site in `locale` reads: its version in that language where it has a finished one
 * (the page shows it), else the Russian text (the page shows that, with a notice).
 */
export async function currentConsent(db: Db, locale: Locale = DEFAULT_LOCALE): Promise<CurrentConsent | undefined> {
  const page = await db
    .selectFrom('text_pages')
    .select(['id', 'identifier', 'title', 'content', 'version'])
    .where('identifier', '=', CONSENT_PAGE)
    .executeTakeFirst();
  if (!page) return undefined;
  const russian: CurrentConsent = { ...page, locale: DEFAULT_LOCALE };
  if (locale === DEFAULT_LOCALE) return russian;
  const translation = (await translationsOf(db, textPages, [page.id], locale)).get(page.id);
  if (!translation?.translated) return russian;
  return { ...page, title: translation.values.title ?? page.title, content: translation.values.content ?? page.content, locale };
}

/**
 * The kept copy of a version of the consent text in its language, made the first time someone agrees to it: what a
 * person consented to stays provable however the page changes later and whatever its history forgets. Answers the
 * copy's id.
 */
export async function keptConsentText(trx: Db, consent: CurrentConsent): Promise<number> {
  const sha256 = createHash('sha256').update(`${consent.title}\n${consent.content}`).digest('hex');
  await trx
    .insertInto('consent_texts')
    .values({
      page_id: consent.id,
      page_version: consent.version,
      locale: consent.locale,
      title: consent.title,
      content: consent.content,
      sha256,
      created_at: nowIso(),
    })
    .onConflict((conflict) => conflict.columns(['page_id', 'page_version', 'locale']).doNothing())
    .execute();
  const kept = await trx
    .selectFrom('consent_texts')
    .select('id')
    .where('page_id', '=', consent.id)
    .where('page_version', '=', consent.version)
    .where('locale', '=', consent.locale)
    .executeTakeFirstOrThrow();
  return kept.id;
}
