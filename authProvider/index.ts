import type { AuthProvider, UserIdentity } from 'react-admin';
import type { Permissions } from '@lib/resources/rights.js';
import { RequestError } from '../dataProvider/httpClient.js';
import { knownPermissions, permissionsAllow } from './rights.js';
import { Session, type Role, type SessionOptions } from './session.js';
import { postLoginStep, PROFILE_PATH, TwoFactorChallenge, type LoginParams } from './twoFactor.js';

export { ACCESS_COOKIE, SESSION_MARKER_COOKIE, Session, decodeClaims, browserCookies } from './session.js';
export type { AccessClaims, CookieStore, Role, SessionOptions } from './session.js';
export { PROFILE_PATH, TwoFactorChallenge, type LoginParams } from './twoFactor.js';
export { knownPermissions, permissionsAllow, roleCanAccess } from './rights.js';

/** Where the admin sends a visitor without a session or whose session has expired. */
export const ADMIN_HOME = '/admin';

/** i18n keys of the auth messages; admin/i18n holds their Russian text. */
export const SESSION_EXPIRED_KEY = 'app.auth.session_expired';
export const LOGOUT_FAILED_KEY = 'app.auth.logout_failed';
export const LOGIN_REQUIRED_KEY = 'app.auth.login_required';

export interface AuthError {
  message: string | false;
  redirectTo?: string;
  status?: number;
}

/** A message from an error of any shape. */
function messageOf(error: unknown): string {
  if (error instanceof RequestError) {
    const data: unknown = error.response?.data;
    if (typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string') {
      return (data as { message: string }).message;
    }
    if (/timeout/i.test(error.message)) return 'app.error.timeout';
    if (!error.response || error.response.status >= 500) return 'app.error.network';
    return error.message;
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return String(error);
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof RequestError) return error.response?.status;
  if (typeof error === 'object' && error !== null) {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number') return status;
  }
  return undefined;
}

/** Whether an error says the access token expired ("Срок действия токена истёк (token expired).", docs/admin-api.md). */
export function isExpiredTokenError(error: unknown): boolean {
  return statusOf(error) === 401 && /expired|истёк|истек/i.test(messageOf(error));
}

export interface AdminAuthProvider extends AuthProvider {
  /** The session behind the provider (token, claims, refresh), for the dataProvider's Bearer header. */
  session: Session;
  /** Signs in (throws TwoFactorChallenge after the password of an account with two-factor sign-in); answers where to go. */
  login: (params: LoginParams) => Promise<{ redirectTo: string }>;
  getIdentity: () => Promise<UserIdentity>;
  getPermissions: () => Promise<Role | undefined>;
  canAccess: (params: { resource?: string; action?: string }) => Promise<boolean>;
  /** What the signed-in account may do by resource: a built-in role's from the declarations, another's from the server. */
  rights: () => Promise<Permissions>;
}

/**
 * The admin's authProvider:
 * - the session is the `access_token` cookie, read on start; identity and role come from the token;
 * - the token is refreshed silently before it expires (`POST /api/site/refresh`);
 * - logout calls `POST /api/site/logout` first and clears the token only if that succeeded; a failure is reported to
 *   the caller and the token stays (a token the server already refuses — 401 — is cleared, there is nothing left to end);
 * - a 401 whose message says the token expired ends the session with "Сессия истекла." and goes back to /admin; a
 *   401 after the session has ended goes back to /admin without ending it again;
 * - `canAccess` by the account's rights (`GET /api/admin/me` for a role a MANAGER added), so that nobody is offered a
 *   screen or a button the server would refuse.
 */
export function createAuthProvider(options: SessionOptions & { session?: Session } = {}): AdminAuthProvider {
  const session = options.session ?? new Session(options);
  if (session.token() && !session.isExpired()) session.schedule();
  const rights = rightsReader(session);

  return {
    session,

    async login(params: LoginParams) {
      let step: { enrolmentRequired: boolean };
      try {
        step = await postLoginStep(session.http, params);
      } catch (error) {
        // Two-factor sign-in: the login screen asks for the code next.
        if (error instanceof TwoFactorChallenge) throw error;
        throw new Error(messageOf(error));
      }
      if (!session.token()) throw new Error(LOGIN_REQUIRED_KEY);
      session.schedule();
      return { redirectTo: step.enrolmentRequired ? PROFILE_PATH : ADMIN_HOME };
    },

    async logout() {
      const token = session.token();
      if (!token) {
        session.stop();
        return ADMIN_HOME;
      }
      if (session.isExpired()) {
        // The server no longer knows this token: nothing to revoke, the session is over.
        session.clear();
        return ADMIN_HOME;
      }
      try {
        await session.http.post('/api/site/logout', undefined, { headers: { Authorization: `Bearer ${token}` } });
      } catch (error) {
        if (statusOf(error) === 401) {
          session.clear();
          return ADMIN_HOME;
        }
        // The logout failed: the error is reported and the token stays.
        const failure: AuthError = { message: LOGOUT_FAILED_KEY, status: statusOf(error) };
        throw Object.assign(new Error(LOGOUT_FAILED_KEY), failure, { cause: messageOf(error) });
      }
      session.clear();
      return ADMIN_HOME;
    },

    async checkAuth() {
      // The access cookie lives as long as the token; when it is gone, the refresh cookie may still renew it.
      if (!session.token() && !(await session.refresh())) {
        const error: AuthError = { message: LOGIN_REQUIRED_KEY, redirectTo: ADMIN_HOME };
        throw error;
      }
      // Authorised means a token is present. An expired one is refreshed before the next request
      // (Session.validToken); if that fails, the server's 401 "token expired" ends the session in checkError.
      if (!session.isScheduled()) session.schedule();
    },

    async checkError(error: unknown) {
      const status = statusOf(error);
      if (status === 401 && !session.present()) {
        // The session has already ended in this browser: a read still under way only goes to the sign-in. Ending the
        // session again would clear the query cache once more, and every screen still mounted would read again and
        // be refused again, over and over, until the sign-in screen replaced them.
        const rejection: AuthError & { logoutUser: false } = { message: false, redirectTo: ADMIN_HOME, status, logoutUser: false };
        throw rejection;
      }
      if (isExpiredTokenError(error)) {
        const rejection: AuthError = { message: SESSION_EXPIRED_KEY, redirectTo: ADMIN_HOME, status };
        throw rejection;
      }
      if (status === 401) {
        const rejection: AuthError = { message: LOGIN_REQUIRED_KEY, redirectTo: ADMIN_HOME, status };
        throw rejection;
      }
      // 403 is a role refusal: the session stays, the screen shows the server's message.
    },

    async getIdentity(): Promise<UserIdentity> {
      const claims = session.claims();
      if (!claims) throw new Error(LOGIN_REQUIRED_KEY);
      return { id: claims.sub, fullName: claims.name || claims.email, email: claims.email, role: claims.role };
    },

    async getPermissions() {
      return session.claims()?.role;
    },

    async canAccess({ resource, action }: { resource?: string; action?: string }) {
      if (!session.claims()) return false;
      return permissionsAllow(await rights(), resource, action);
    },

    rights,
  };
}

/**
 * The signed-in account's rights: a built-in role's at once, a custom role's as `GET /api/admin/me` answers them, read
 * once per account and role (a new token of another role reads them again). A failed read grants nothing.
 */
function rightsReader(session: Session): () => Promise<Permissions> {
  let cached: { key: string; rights: Promise<Permissions> } | null = null;
  return async () => {
    const claims = session.claims();
    if (!claims) return {};
    const known = knownPermissions(claims.role);
    if (known) return known;
    const key = `${claims.sub}:${claims.role}`;
    if (cached?.key !== key) {
      const token = await session.validToken();
      const read = session.http
        .get('/api/admin/me', { headers: { Authorization: `Bearer ${token ?? ''}` } })
        .then((response) => (response.data as { data?: { permissions?: Permissions } }).data?.permissions ?? {});
      cached = { key, rights: read };
      read.catch(() => {
        if (cached?.rights === read) cached = null;
      });
    }
    return cached.rights.catch(() => ({}));
  };
}
