import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { CookieStore } from '../../authProvider/index.js';

/** An unsigned JWT with the given claims (the admin only decodes tokens; the server verifies them). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export function tokenFor(role: 'USER' | 'MANAGER', options: { expiresInSeconds?: number; name?: string; email?: string } = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return fakeJwt({
    sub: role === 'MANAGER' ? '1' : '2',
    email: options.email ?? `${role.toLowerCase()}@example.com`,
    name: options.name ?? (role === 'MANAGER' ? 'Мария Менеджер' : 'Иван Пользователь'),
    role,
    tv: 0,
    typ: 'access',
    aud: 'admin',
    iat: now,
    exp: now + (options.expiresInSeconds ?? 900),
  });
}

/** A cookie jar standing in for document.cookie. */
export class MemoryCookies implements CookieStore {
  readonly values = new Map<string, string>();
  get(name: string): string | undefined {
    return this.values.get(name);
  }
  set(name: string, value: string): void {
    this.values.set(name, value);
  }
  remove(name: string): void {
    this.values.delete(name);
  }
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  data: unknown;
}

export type Route = (request: RecordedRequest) => { status: number; data?: unknown; headers?: Record<string, string> } | Error;

/**
 * A stand-in transport for axios: answers each request with `route`, records every request, and fails like axios
 * does (an AxiosError with the response for statuses ≥ 400, without one for thrown errors).
 */
export function fakeAdapter(route: Route): { adapter: AxiosAdapter; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON())) {
      if (typeof value === 'string') headers[key.toLowerCase()] = value;
    }
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: `${config.baseURL ?? ''}${config.url ?? ''}`,
      headers,
      data: config.data,
    };
    requests.push(request);
    const answer = route(request);
    if (answer instanceof Error) {
      const code = /timeout/i.test(answer.message) ? 'ECONNABORTED' : 'ERR_NETWORK';
      throw new AxiosError(answer.message, code, config);
    }
    const response: AxiosResponse = {
      data: answer.data,
      status: answer.status,
      statusText: String(answer.status),
      headers: new AxiosHeaders(answer.headers ?? {}),
      config,
    };
    if (answer.status >= 400) {
      throw new AxiosError(`Request failed with status code ${answer.status}`, 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };
  return { adapter, requests };
}
