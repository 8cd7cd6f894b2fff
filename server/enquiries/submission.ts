import { z } from 'zod';
import { isPlainEmail } from '../../lib/email.js';
import { ENQUIRY_LIMITS } from '../../lib/enquiry.js';
import { DEFAULT_LOCALE, LOCALES } from '../../lib/locales.js';
import { requirePhoneVerification } from '../../lib/phone.js';
import { emptyToUndefined, fromDigits, line, optionalId, text } from '../records/validate.js';

/** The Russian messages of the form's own rules. */
export const ENQUIRY_MESSAGES = {
  contact: 'Укажите электронную почту или телефон.',
  email: 'Проверьте адрес электронной почты.',
  phone: 'Проверьте номер телефона.',
  consent: 'Без согласия на обработку персональных данных обращение отправить нельзя.',
  topic: 'Выберите тему из списка.',
} as const;

/** A ticked checkbox as a form (`on`, `1`) or JSON (`true`) sends it; anything else is not consent. */
const ticked = z.preprocess(
  (value) => value === true || value === 'on' || value === '1' || value === 'true',
  z.literal(true, { error: ENQUIRY_MESSAGES.consent }),
);

/**
 * Every field is cut at its length before anything else reads it; the e-mail is one plain address (it becomes the
 * Reply-To of the letter to staff), the name one line (it stands in a line of that letter).
 */
const contactFields = {
  email: text(ENQUIRY_LIMITS.email)
    .refine((value) => value === '' || isPlainEmail(value), ENQUIRY_MESSAGES.email)
    .transform((value) => value.toLowerCase())
    .default(''),
  phone: text(ENQUIRY_LIMITS.phone).default(''),
};

/**
 * A person's contacts as the form and the erasure take them: at least an e-mail or a phone; the phone goes through
 * the phone verification service and is kept in E.164, the e-mail in lower case.
 */
function checkedContacts<T extends { email: string; phone: string }>(body: T, context: z.RefinementCtx): T {
  if (body.email === '' && body.phone === '') {
    for (const path of ['email', 'phone']) context.addIssue({ code: 'custom', path: [path], message: ENQUIRY_MESSAGES.contact });
    return z.NEVER;
  }
  if (body.phone === '') return body;
  const check = requirePhoneVerification().verify(body.phone);
  if (!check.valid || !check.e164) {
    context.addIssue({ code: 'custom', path: ['phone'], message: ENQUIRY_MESSAGES.phone });
    return z.NEVER;
  }
  return { ...body, phone: check.e164 };
}

/** An e-mail, a phone, or both: whose enquiries a MANAGER erases. */
export const contactsBody = z.object(contactFields).transform(checkedContacts);

/** What a visitor sends with the feedback form, as JSON from the page's script or as a plain form post, trimmed. */
export const enquiryBody = z
  .object({
    name: line(ENQUIRY_LIMITS.name, 1),
    ...contactFields,
    topic_id: optionalId.default(null),
    message: text(ENQUIRY_LIMITS.message).min(1),
    consent: ticked,
    /** The version of the consent text the form showed. */
    consent_version: z.preprocess(fromDigits, z.number().int().min(1, ENQUIRY_MESSAGES.consent)),
    /** The language of the page the form stood on: the consent text is the one shown in it. */
    locale: z.preprocess(emptyToUndefined, z.enum(LOCALES).default(DEFAULT_LOCALE)),
  })
  .transform(checkedContacts);

export type EnquiryBody = z.output<typeof enquiryBody>;
