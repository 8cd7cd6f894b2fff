import type { Kysely } from 'kysely';
import { ENQUIRY_RESULTS } from '../../lib/enquiry.js';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { formError } from '../http/validation.js';
import { enqueueLetter } from '../mail/mailer.js';
import { currentConsent, keptConsentText } from './consent.js';
import { ENQUIRY_MESSAGES, type EnquiryBody } from './submission.js';

/** Where the enquiry came from: the proof of consent besides its text and time. */
export interface Sender {
  ip: string;
  userAgent: string;
}

/** Removes the unsaved edit forms kept for the recovery of these enquiries: they hold the same personal data. */
export async function forgetKeptForms(trx: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .deleteFrom('form_drafts')
    .where('resource', '=', 'enquiries')
    .where(
      'record_key',
      'in',
      ids.map((id) => String(id)),
    )
    .execute();
}

/** The letter to staff that announces an enquiry (server/enquiries/letter.ts). */
export const ENQUIRY_LETTER = 'enquiry';

/**
 * Stores an enquiry with its consent proof in one transaction: the consent text must still be the version the form
 * showed (409 otherwise: the visitor reads the new text first), and is kept in the language the form's page showed it
 * in; the topic must be one of the list; the letter to staff is
 * kept in the outbox with it, so it goes out exactly when the enquiry was stored.
 */
export function storeEnquiry(db: Kysely<Database>, body: EnquiryBody, sender: Sender, mailStaff: boolean): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const consent = await currentConsent(trx, body.locale);
    if (!consent || consent.version !== body.consent_version)
      throw new HttpError(409, ENQUIRY_RESULTS['consent-changed'], { consent: [ENQUIRY_RESULTS['consent-changed']] });
    const topic =
      body.topic_id === null ? null : await trx.selectFrom('enquiry_topics').select(['id', 'title']).where('id', '=', body.topic_id).executeTakeFirst();
    if (body.topic_id !== null && !topic) throw formError({ topic_id: [ENQUIRY_MESSAGES.topic] });
    const now = new Date().toISOString();
    const enquiry = await trx
      .insertInto('enquiries')
      .values({
        status: 'new',
        note: '',
        topic_id: topic?.id ?? null,
        topic_title: topic?.title ?? '',
        name: body.name,
        email: body.email,
        phone: body.phone,
        message: body.message,
        consent_text_id: await keptConsentText(trx, consent),
        consent_at: now,
        ip: sender.ip.slice(0, 64),
        user_agent: sender.userAgent.slice(0, 500),
        created_at: now,
        created_on: now.slice(0, 10),
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (mailStaff) await enqueueLetter(trx, ENQUIRY_LETTER, enquiry.id);
    return enquiry.id;
  });
}
