import { createHash } from 'node:crypto';
import { CONSENT_PAGE } from '../../lib/enquiry.js';
import type { Db } from '../db/schema.js';
import { nowIso } from '../content/visibility.js';

/** The consent text as the form shows it now: the text page and its version (every save of the page bumps it). */
export interface CurrentConsent {
  id: number;
  identifier: string;
  title: string;
  content: string;
  version: number;
}

export function currentConsent(db: Db): Promise<CurrentConsent | undefined> {
  return db.selectFrom('text_pages').select(['id', 'identifier', 'title', 'content', 'version']).where('identifier', '=', CONSENT_PAGE).executeTakeFirst();
}

/**
 * The kept copy of a version of the consent text, made the first time someone agrees to it: what a person consented
 * to stays provable however the page changes later and whatever its history forgets. Answers the copy's id.
 */
export async function keptConsentText(trx: Db, consent: CurrentConsent): Promise<number> {
  const sha256 = createHash('sha256').update(`${consent.title}\n${consent.content}`).digest('hex');
  await trx
    .insertInto('consent_texts')
    .values({ page_id: consent.id, page_version: consent.version, title: consent.title, content: consent.content, sha256, created_at: nowIso() })
    .onConflict((conflict) => conflict.columns(['page_id', 'page_version']).doNothing())
    .execute();
  const kept = await trx
    .selectFrom('consent_texts')
    .select('id')
    .where('page_id', '=', consent.id)
    .where('page_version', '=', consent.version)
    .executeTakeFirstOrThrow();
  return kept.id;
}
