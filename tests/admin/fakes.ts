import type { Asset } from '../../dataProvider/index.js';
import type { CookieStore } from '../../authProvider/index.js';
import type { Transport } from '../../dataProvider/httpClient.js';

/** An unsigned JWT with the given claims (the admin only decodes tokens; the server verifies them). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export function tokenFor(role: string, options: { expiresInSeconds?: number; name?: string; email?: string } = {}): string {
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
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body as sent: JSON text, a FormData, or nothing. */
  data: string | FormData | undefined;
}

export type Route = (request: RecordedRequest) => { status: number; data?: unknown; headers?: Record<string, string> } | Error;

/**
 * A stand-in for the admin's transport: answers each request with `route` (its `data` sent as JSON text), records
 * every request, and fails like the browser does when no answer comes (`route` answers an Error: a network failure,
 * or a timeout when its message says so).
 */
export function fakeTransport(route: Route): { transport: Transport; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const transport: Transport = async (sent) => {
    const request: RecordedRequest = { method: sent.method, url: sent.url, headers: { ...sent.headers }, data: sent.body };
    requests.push(request);
    const answer = route(request);
    if (answer instanceof Error) throw answer;
    return {
      status: answer.status,
      headers: answer.headers ?? {},
      body: answer.data === undefined ? '' : JSON.stringify(answer.data),
    };
  };
  return { transport, requests };
}

/** A library asset as the admin API answers it: an 800 × 600 JPEG of 1 MB in the root folder, unused. */
export const fakeAsset = (id: number, name: string, change: Partial<Asset> = {}): Asset => ({
  id,
  folder_id: null,
  folder_name: null,
  kind: 'image',
  format: 'jpeg',
  name,
  alt: `Описание ${name}`,
  caption: '',
  size: 1024 * 1024,
  width: 800,
  height: 600,
  focal_x: 0.5,
  focal_y: 0.5,
  url: `/uploads/${name}`,
  thumbnail: `/uploads/small-${name}`,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  version: 1,
  uses: 0,
  ...change,
});
