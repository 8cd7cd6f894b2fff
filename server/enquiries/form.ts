import type { Kysely } from 'kysely';
import type { EnquiryForm } from '../../lib/enquiry.js';
import { DEFAULT_LOCALE, type Locale } from '../../lib/locales.js';
import type { Database } from '../db/schema.js';
import { currentConsent } from './consent.js';
import type { FormTokens } from './formToken.js';

/**
 * What a page with the feedback form shows: the topics in their order, the consent text (its title in the page's
 * language) and version, the page's language and a fresh token.
 */
export function createEnquiryFormService(db: Kysely<Database>, tokens: FormTokens, locale: Locale = DEFAULT_LOCALE): { form(): Promise<EnquiryForm> } {
  return {
    async form() {
      const [topics, consent] = await Promise.all([
        db.selectFrom('enquiry_topics').select(['id', 'title']).orderBy('position').orderBy('title').orderBy('id').execute(),
        currentConsent(db, locale),
      ]);
      return {
        topics,
        consent: consent ? { identifier: consent.identifier, title: consent.title, version: consent.version } : null,
        locale,
        token: tokens.issue(),
      };
    },
  };
}
