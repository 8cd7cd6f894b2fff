import { CLIENT_REQUEST_TIMEOUT_MS } from './api.js';
import { ENQUIRY_ACTION } from '@lib/enquiry.js';

/** How the sending went: the server's message, and on a refusal its errors by field. */
export type EnquiryAnswer = { ok: true; message: string } | { ok: false; message: string; errors: Record<string, string[]> };

const NETWORK_MESSAGE = 'Не удалось отправить обращение: нет связи с сервером. Попробуйте ещё раз.';

const messageOf = (body: unknown): string => (typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : '');

/** Sends the feedback form as JSON; never throws: a lost connection is an answer too. */
export async function sendEnquiry(fields: Record<string, unknown>): Promise<EnquiryAnswer> {
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
    return { ok: false, message: messageOf(body) || `Ошибка ${response.status}.`, errors };
  } catch {
    return { ok: false, message: NETWORK_MESSAGE, errors: {} };
  } finally {
    clearTimeout(timer);
  }
}
