import { CLIENT_REQUEST_TIMEOUT_MS } from './api.js';
import { ENQUIRY_ACTION, refusalResult } from '@lib/enquiry.js';
import type { EnquiryTexts } from '@lib/siteTexts.js';

/** How the sending went: the server's message, and on a refusal the answer's status and its errors by field. */
export type EnquiryAnswer = { ok: true; message: string } | { ok: false; status: number; message: string; errors: Record<string, string[]> };

const messageOf = (body: unknown): string => (typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : '');

/** Sends the feedback form as JSON; never throws: a lost connection is an answer too (told in the page's words). */
export async function sendEnquiry(fields: Record<string, unknown>, texts: EnquiryTexts): Promise<EnquiryAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CLIENT_REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(ENQUIRY_ACTION, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(fields),
      signal: controller.signal,
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : null;
      return { ok: true, message: messageOf(data) };
    }
    const errors = typeof body === 'object' && body !== null && 'errors' in body ? (body.errors as Record<string, string[]>) : {};
    return { ok: false, status: response.status, message: messageOf(body) || texts.status(response.status), errors };
  } catch {
    return { ok: false, status: 0, message: texts.network, errors: {} };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A refusal as the page tells it: the server's own (Russian) words, or where the language has its own words for
 * the fields, those of the refused fields and of the refusal.
 */
export function refusalIn(texts: EnquiryTexts, answer: Extract<EnquiryAnswer, { ok: false }>): { notice: string; errors: Record<string, string[]> } {
  const words = texts.fieldErrors;
  if (!words || answer.status === 0) return { notice: answer.message, errors: answer.errors };
  const fields = Object.keys(answer.errors);
  const noContact = fields.includes('email') && fields.includes('phone');
  const wordsOf = (field: string): string => {
    if (noContact && (field === 'email' || field === 'phone')) return words.contact;
    return Object.hasOwn(words, field) ? words[field as keyof typeof words] : texts.results.invalid;
  };
  const errors = Object.fromEntries(fields.map((field) => [field, [wordsOf(field)]]));
  return { notice: texts.results[refusalResult(answer.status, fields)], errors };
}
