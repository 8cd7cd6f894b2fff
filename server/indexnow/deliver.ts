import type { IndexNowSettings } from '../config.js';
import type { DeliverBatch } from '../outbox/outbox.js';
import type { IndexNowNotice } from './notify.js';

/** How long the engine may take to answer before the attempt counts as failed (and is retried). */
export const INDEXNOW_TIMEOUT_MS = 10_000;

/**
 * Answers that sending the same request again would only repeat: a malformed request (400), a key the engine could
 * not confirm at `/{key}.txt` (403), addresses not of this host (422). They end the notice with the answer in the
 * log for a MANAGER to see; any other answer (429 too many requests, 5xx, no answer at all) is tried again later.
 */
const REFUSALS = new Set([400, 403, 422]);

/** Whether a logged answer is the engine's acceptance (200, 202) rather than a refusal. */
export const isAcceptance = (answer: string): boolean => /^2\d\d\b/.test(answer);

/** The addresses of a kept notice (nothing for a payload of another shape). */
export function urlsOf(payload: unknown): string[] {
  const urls = typeof payload === 'object' && payload !== null ? (payload as Partial<IndexNowNotice>).urls : undefined;
  return Array.isArray(urls) ? urls.filter((url): url is string => typeof url === 'string') : [];
}

/** Why a request got no answer: fetch's own message names little, its cause names the reason. */
function noAnswer(error: unknown): Error {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return new Error(`нет ответа (${error instanceof Error ? error.message : String(error)}${cause})`);
}

/**
 * Posts the addresses of the due notices in one request (`{ host, key, keyLocation, urlList }`; a round holds far
 * fewer than the protocol's 10 000). Answers the engine's status and its short text for the log.
 */
export function indexNowDelivery(publicUrl: string, settings: IndexNowSettings): DeliverBatch {
  const host = new URL(publicUrl).host;
  const keyLocation = `${publicUrl}/${settings.key}.txt`;
  return async (payloads) => {
    const urlList = [...new Set(payloads.flatMap(urlsOf))];
    const response = await fetch(settings.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ host, key: settings.key, keyLocation, urlList }),
      signal: AbortSignal.timeout(INDEXNOW_TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw noAnswer(error);
    });
    const text = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 300);
    const answer = text ? `${response.status} ${text}` : String(response.status);
    if (response.ok || REFUSALS.has(response.status)) return answer;
    throw new Error(answer);
  };
}
