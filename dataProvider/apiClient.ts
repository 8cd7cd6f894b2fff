import { HttpError } from 'react-admin';
import { createHttpClient, RequestError, type ClientOptions, type HttpClient } from './httpClient.js';

/*
 * The admin API's side of the HTTP client: react-admin's errors and toasts, the `{ data }` envelope, the fetchJson
 * that ra-data-simple-rest calls. Apart from httpClient.ts, whose client the login screen's first load uses for the
 * sign-in calls without any of react-admin.
 */

/** i18n keys of the two error toasts, timeout and network; admin/i18n holds their Russian text. */
export const TIMEOUT_ERROR_KEY = 'app.error.timeout';
export const NETWORK_ERROR_KEY = 'app.error.network';

/** What the admin API's client needs: the session's token (required here), and the rest as createHttpClient takes it. */
export type HttpClientOptions = Pick<ClientOptions, 'baseURL' | 'timeout' | 'transport'> & Required<Pick<ClientOptions, 'getToken'>>;

/** The admin API's client: the Bearer token on every request and every failure as react-admin's HttpError (see toHttpError). */
export function createApiClient(options: HttpClientOptions): HttpClient {
  return createHttpClient({ ...options, toError: toHttpError });
}

/** Field errors as react-admin's forms read them: one message per field. */
export type FieldErrors = Record<string, string>;

/** The body of an HttpError this client throws. */
export interface ErrorBody {
  message: string;
  errors?: FieldErrors;
  /** With a 409 of a stale write: who saved the record meanwhile and when (ISO). */
  saved?: { by: string; at: string };
}

/** Whether an error message names a timeout: it contains "timeout" in any case. */
export function isTimeoutMessage(message: string): boolean {
  return /timeout/i.test(message);
}

/**
 * Turns a failed request into react-admin's HttpError whose message react-admin shows as the toast:
 * a message containing "timeout" (any case) → the timeout toast; no answer at all or a 5xx → the network toast;
 * otherwise the server's own message (every error body is `{ message, errors }`), with the field errors flattened to one
 * string per field so react-admin puts them on the form's fields.
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const rawMessage = error instanceof Error ? error.message : String(error);
  if (!(error instanceof RequestError)) {
    return new HttpError(isTimeoutMessage(rawMessage) ? TIMEOUT_ERROR_KEY : rawMessage, 0, { message: rawMessage });
  }
  const response = error.response;
  const serverBody = readServerBody(response?.data);
  const text = serverBody.message ?? rawMessage;
  if (isTimeoutMessage(text) && !isExpiredTokenMessage(text)) {
    return new HttpError(TIMEOUT_ERROR_KEY, response?.status ?? 0, { message: text });
  }
  if (!response || response.status >= 500) {
    return new HttpError(NETWORK_ERROR_KEY, response?.status ?? 0, { message: text });
  }
  const body: ErrorBody = { message: text };
  if (serverBody.errors) body.errors = serverBody.errors;
  if (serverBody.saved) body.saved = serverBody.saved;
  return new HttpError(text, response.status, body);
}

/** Whether a message says the access token expired (docs/admin-api.md: "…(token expired)"). */
export function isExpiredTokenMessage(message: string): boolean {
  return /expired|истёк|истек/i.test(message);
}

function readServerBody(data: unknown): Partial<ErrorBody> {
  if (typeof data !== 'object' || data === null) return {};
  const record = data as Record<string, unknown>;
  const out: Partial<ErrorBody> = {};
  if (typeof record.message === 'string') out.message = record.message;
  const saved = record.saved as { by?: unknown; at?: unknown } | undefined;
  if (typeof saved?.by === 'string' && typeof saved.at === 'string') out.saved = { by: saved.by, at: saved.at };
  if (typeof record.errors === 'object' && record.errors !== null) {
    const errors: FieldErrors = {};
    for (const [field, value] of Object.entries(record.errors as Record<string, unknown>)) {
      if (Array.isArray(value)) errors[field] = value.map(String).join(' ');
      else if (value !== undefined && value !== null) errors[field] = String(value);
    }
    if (Object.keys(errors).length > 0) out.errors = errors;
  }
  return out;
}

/** Unwraps the `{ data }` envelope of every success body. */
export function unwrap<T>(body: unknown): T {
  if (typeof body === 'object' && body !== null && 'data' in body) return (body as { data: T }).data;
  return body as T;
}

/** What ra-data-simple-rest expects from its httpClient (react-admin's fetchUtils.fetchJson). */
export interface JsonResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

export interface JsonRequestOptions {
  method?: string;
  headers?: HeadersInit;
  body?: BodyInit | null;
  signal?: AbortSignal | null;
}

/**
 * A fetchJson-compatible client over the admin API's client, for ra-data-simple-rest: the answer's `json` is the
 * unwrapped `data`, so the server keeps one body shape everywhere.
 */
export function createFetchJson(http: HttpClient): (url: string, options?: JsonRequestOptions) => Promise<JsonResponse> {
  return async (url, options = {}) => {
    const body = options.body ?? undefined;
    if (body !== undefined && typeof body !== 'string' && !(body instanceof FormData)) {
      throw new TypeError('The admin sends text or multipart bodies only.');
    }
    const headers: Record<string, string> = {};
    new Headers(options.headers ?? {}).forEach((value, key) => {
      // ra-data-simple-rest sends `Content-Type: text/plain` on body-less DELETEs; there is no body to describe.
      if (key === 'content-type' && body === undefined) return;
      headers[key] = value;
    });
    if (typeof body === 'string' && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
    const response = await http.request({ url, method: options.method ?? 'GET', headers, body, signal: options.signal ?? undefined });
    return { status: response.status, headers: response.headers, body: response.body, json: unwrap(response.data) };
  };
}
