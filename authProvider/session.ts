import Cookies from 'js-cookie';
import { jwtDecode } from 'jwt-decode';
import { ACCESS_COOKIE, SESSION_MARKER_COOKIE } from '@lib/sessionCookies.js';
import { createHttpClient, type HttpClient, type Transport } from '../dataProvider/httpClient.js';

export { ACCESS_COOKIE, SESSION_MARKER_COOKIE };

/** An account's role: USER, MANAGER or the name of a role a MANAGER added. */
export type Role = string;

/** The claims of the access token (docs/admin-api.md, Sessions). */
export interface AccessClaims {
  sub: string;
  email: string;
  name: string;
  role: Role;
  exp: number;
  iat?: number;
}

/** Where the token lives; js-cookie in the browser, a stand-in in tests. */
export interface CookieStore {
  get(name: string): string | undefined;
  remove(name: string): void;
}

export const browserCookies: CookieStore = {
  get: (name) => Cookies.get(name),
  remove: (name) => Cookies.remove(name, { path: '/' }),
};

export interface SessionOptions {
  baseURL?: string;
  /** A replacement transport, for tests. */
  transport?: Transport;
  cookies?: CookieStore;
  /** Milliseconds since the epoch; Date.now by default. */
  now?: () => number;
  /** How long before expiry the token is refreshed. */
  refreshMarginMs?: number;
  timeout?: number;
}

/** Reads a token's claims, or null when it is not a JWT of the expected shape. */
export function decodeClaims(token: string | undefined): AccessClaims | null {
  if (!token) return null;
  try {
    const claims = jwtDecode<Partial<AccessClaims>>(token);
    if (typeof claims.exp !== 'number' || typeof claims.sub !== 'string') return null;
    const role: Role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'USER';
    return {
      sub: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : '',
      name: typeof claims.name === 'string' ? claims.name : '',
      role,
      exp: claims.exp,
      iat: claims.iat,
    };
  } catch {
    return null;
  }
}

/**
 * The admin's session: the access token from the `access_token` cookie, its claims, and the silent refresh
 * (`POST /api/site/refresh`, which rotates the cookies) shortly before the token expires.
 */
export class Session {
  /**
   * The sign-in, refresh and logout calls: no Bearer header of its own, failures as RequestError, and the cookies
   * these calls set and read go along even to an API on another origin.
   */
  readonly http: HttpClient;
  private readonly cookies: CookieStore;
  private readonly now: () => number;
  private readonly margin: number;
  private refreshing: Promise<boolean> | null = null;
  /**
   * The token held when a refresh began, kept until a refresh succeeds: the server clears the access cookie when it
   * refuses a refresh (and the browser drops it as the answer arrives, before the refresh settles), but the session
   * only ends when the server says so (401 "token expired" → "Сессия истекла.") or on logout.
   */
  private stale: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: SessionOptions = {}) {
    this.http = createHttpClient({
      baseURL: options.baseURL,
      timeout: options.timeout,
      transport: options.transport,
      withCredentials: true,
    });
    this.cookies = options.cookies ?? browserCookies;
    this.now = options.now ?? Date.now;
    this.margin = options.refreshMarginMs ?? 60_000;
  }

  token(): string | undefined {
    const cookie = this.cookies.get(ACCESS_COOKIE);
    if (cookie) return cookie;
    return this.stale ?? undefined;
  }

  claims(): AccessClaims | null {
    return decodeClaims(this.token());
  }

  /** Milliseconds until the token expires (negative when it has), or null without a readable token. */
  msLeft(): number | null {
    const claims = this.claims();
    return claims ? claims.exp * 1000 - this.now() : null;
  }

  isExpired(): boolean {
    const left = this.msLeft();
    return left !== null && left <= 0;
  }

  /**
   * Whether the browser may hold a session: an access token, or the marker the server keeps next to the HttpOnly
   * refresh cookie (a script cannot see that cookie itself).
   */
  present(): boolean {
    return this.token() !== undefined || this.cookies.get(SESSION_MARKER_COOKIE) !== undefined;
  }

  /**
   * Rotates the tokens; resolves whether it worked. Concurrent callers share one request. Without the refresh
   * cookie's marker there is nothing to renew: no request, which the server could only refuse.
   */
  refresh(): Promise<boolean> {
    if (this.refreshing) return this.refreshing;
    if (this.cookies.get(SESSION_MARKER_COOKIE) === undefined) return Promise.resolve(false);
    this.stale = this.token() ?? null;
    this.refreshing = this.http
      .post('/api/site/refresh')
      .then(() => {
        this.stale = null;
        this.schedule();
        return this.cookies.get(ACCESS_COOKIE) !== undefined;
      })
      .catch(() => false)
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /** The token to send, refreshed first when it is about to expire (a failed refresh keeps the old one). */
  async validToken(): Promise<string | undefined> {
    const left = this.msLeft();
    if (left !== null && left < this.margin) await this.refresh();
    return this.token();
  }

  /** Plans the next silent refresh, `refreshMarginMs` before expiry. */
  schedule(): void {
    this.stop();
    const left = this.msLeft();
    if (left === null || left <= 0) return;
    const delay = Math.max(left - this.margin, 1_000);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.refresh();
    }, delay);
  }

  isScheduled(): boolean {
    return this.timer !== null;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Ends the session in this browser: the token, and the marker, so that nothing tries to renew it. */
  clear(): void {
    this.stop();
    this.stale = null;
    this.cookies.remove(ACCESS_COOKIE);
    this.cookies.remove(SESSION_MARKER_COOKIE);
  }
}
