/**
 * The feedback form («Обратная связь») as the site and the server share it: the names of its fields, its limits,
 * what the page it stands on needs to show it, and what a visitor without JavaScript is told after sending it.
 */

import { EMAIL_MAX } from './email.js';
import type { Locale } from './locales.js';

/** The text page holding the consent to the processing of personal data the form links to. */
export const CONSENT_PAGE = 'soglasie-na-obrabotku-personalnyh-dannyh';

/** The forms a text page may show under its text (a text page's `form` field). */
export const PAGE_FORMS = [{ id: 'enquiry', name: 'Обратная связь' }] as const;

/** Where the form sends itself: JSON from the page's script, a plain form post without it. */
export const ENQUIRY_ACTION = '/api/enquiries';

/** The phone input's mask: a Russian number, as the admin's pattern inputs write it (`9` is a digit). */
export const PHONE_PATTERN = '+7 (999) 999-99-99';

/** A form sent sooner than this after the page was made is a robot's: people take longer to fill it. */
export const MIN_FILL_MS = 3000;

/** A form older than this is refused with a request to reload the page: six hours, far more than anyone takes to fill it. */
export const FORM_TOKEN_TTL_MS = 6 * 60 * 60 * 1000;

/** The longest value of each field, checked before any other rule reads it. */
export const ENQUIRY_LIMITS = { name: 200, email: EMAIL_MAX, phone: 40, message: 5000 } as const;

/** The field robots fill and people never see; a form with it filled is dropped. */
export const HONEYPOT_FIELD = 'website';

/** A topic of the form's list. */
export interface EnquiryTopic {
  id: number;
  title: string;
}

/** What the page needs to show the form. */
export interface EnquiryForm {
  topics: EnquiryTopic[];
  /** The consent text the form links to and the version of it the visitor agrees to; null when the page is missing. */
  consent: { identifier: string; title: string; version: number } | null;
  /** The language of the page the form stands on, sent back with it: the consent text is kept as shown in it. */
  locale: Locale;
  /** When the form was made, signed by the server: the minimum fill time is counted from it. */
  token: string;
}

/**
 * The query parameter telling a visitor without JavaScript how the sending went (the form posts, the server answers
 * with a redirect back to the page), and its values.
 */
export const ENQUIRY_RESULT_PARAM = 'obrashchenie';

export const ENQUIRY_RESULTS = {
  sent: 'Спасибо! Обращение отправлено, мы ответим в ближайшее время.',
  consent: 'Отметьте согласие на обработку персональных данных.',
  'consent-changed': 'Текст согласия на обработку персональных данных изменился. Прочитайте новую редакцию и отправьте форму ещё раз.',
  limit: 'Слишком много обращений с этого адреса. Попробуйте позже.',
  expired: 'Форма устарела: обновите страницу и отправьте обращение ещё раз.',
  invalid: 'Проверьте поля формы: имя, сообщение и электронную почту или телефон в верном формате.',
} as const;

export type EnquiryResult = keyof typeof ENQUIRY_RESULTS;

/** The field a refusal names when the form was made too long ago. */
export const TOKEN_FIELD = 'token';

/**
 * What a refused sending tells the visitor, from the answer's status and the fields it names: the consent text
 * changed meanwhile (409), too many enquiries (429), the form too old to send, the consent alone missing, or fields
 * to check.
 */
export function refusalResult(status: number, fields: readonly string[]): Exclude<EnquiryResult, 'sent'> {
  if (status === 409) return 'consent-changed';
  if (status === 429) return 'limit';
  if (fields.includes(TOKEN_FIELD)) return 'expired';
  return fields.length === 1 && fields[0] === 'consent' ? 'consent' : 'invalid';
}

export const isEnquiryResult = (value: unknown): value is EnquiryResult => typeof value === 'string' && Object.hasOwn(ENQUIRY_RESULTS, value);
