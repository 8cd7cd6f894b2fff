import { z } from 'zod';
import { ENQUIRY_LIMITS, HONEYPOT_FIELD } from '../../../lib/enquiry.js';
import { LOCALES } from '../../../lib/locales.js';
import { resourceTag, TAGS } from '../../http/openapi/document.js';
import { fileAnswer, operation } from '../../http/openapi/operation.js';
import { int, moment } from '../../http/openapi/shapes.js';
import { LIST_QUERY } from '../../resources/openapi.js';

/** The documented operations of the feedback form (server/enquiries/routes.ts) and of the enquiries' admin extras. */

const enquiries = resourceTag('enquiries');

/** What the form sends, as JSON or as a plain form post (`application/x-www-form-urlencoded`). */
export const enquiryRequest = z.object({
  name: z.string().max(ENQUIRY_LIMITS.name),
  email: z.string().max(ENQUIRY_LIMITS.email).optional().meta({ description: 'An e-mail or a phone, or both.' }),
  phone: z.string().max(ENQUIRY_LIMITS.phone).optional().meta({ description: 'Any spelling the phone verification service reads, e.g. `+7 (916) 123-45-67`.' }),
  topic_id: int.nullable().optional(),
  message: z.string().max(ENQUIRY_LIMITS.message),
  consent: z.union([z.literal(true), z.literal('on')]).meta({ description: 'The separate consent to the processing of personal data.' }),
  consent_version: int.meta({ description: 'The version of the consent text the form showed.' }),
  token: z
    .string()
    .meta({ description: 'The signed moment the form was made (the page gives it); a form older than six hours is a 400 asking to reload the page.' }),
  locale: z.enum(LOCALES).optional().meta({ description: 'The language of the page the form stood on (`ru` when absent): the consent text is kept in it.' }),
  [HONEYPOT_FIELD]: z.string().optional().meta({ description: 'Left empty by people.' }),
  back: z.string().optional().meta({ description: 'A form post: the page to come back to (a path on the site).' }),
});

/** Whose enquiries a MANAGER erases. */
export const contactsRequest = z.object({
  email: z.string().max(ENQUIRY_LIMITS.email).optional(),
  phone: z.string().max(ENQUIRY_LIMITS.phone).optional(),
});

export const ENQUIRY_DOCS = {
  send: operation({
    summary: 'Send the feedback form',
    description:
      'Stores the enquiry with its consent proof and tells staff by mail. A plain form post is answered with a 303 back to `back` with `?obrashchenie=<result>`. A changed consent text is 409; a form older than six hours is 400 (field `token`); more than 5 enquiries in 10 minutes from one address is 429.',
    tag: TAGS.site.name,
    data: z.object({ message: z.string() }),
    errors: [400, 409, 429],
    answers: { 303: { description: 'A plain form post: back to the page, with the result in `obrashchenie`.' } },
  }),
  erase: operation({
    summary: "Erase a person's enquiries (MANAGER)",
    description: 'Every enquiry with this e-mail or phone, with its consent proof; the audit log keeps who, when and how many.',
    tag: enquiries,
    data: z.object({ erased: int }),
    errors: [400, 403],
  }),
  exportCsv: operation({
    summary: 'The list as CSV',
    description: 'The rows the list filter picks, newest first, with Russian headers; UTF-8 with a BOM, so that Excel opens it.',
    tag: enquiries,
    query: LIST_QUERY,
    errors: [400],
    success: fileAnswer('`obrashcheniya.csv`.', 'text/csv'),
  }),
  consent: operation({
    summary: 'The exact consent text an enquiry was sent with, in the language the visitor read it in',
    tag: enquiries,
    data: z.object({
      title: z.string(),
      content: z.string(),
      page_id: int,
      page_version: int,
      locale: z.enum(LOCALES).meta({ description: 'The language of the text as the form showed it.' }),
      sha256: z.string(),
      accepted_at: moment,
    }),
    errors: [404],
  }),
};
