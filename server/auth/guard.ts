import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { may, mayAnywhere, type Action, type Permissions } from '../../lib/resources/rights.js';
import { ACCESS_COOKIE } from '../../lib/sessionCookies.js';
import { HttpError } from '../http/errors.js';
import { enforceEnrolment } from './enrolment.js';
import { TokenError, verifyAccessToken } from './tokens.js';

export interface AuthUser {
  id: number;
  email: string;
  name: string;
  /** USER, MANAGER or a role a MANAGER added. */
  role: string;
  /** What the role may do, by resource (see `lib/resources/rights.ts`). */
  permissions: Permissions;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `requireAccess` on admin routes. */
    user?: AuthUser;
  }
}

export const UNAUTHORIZED_MESSAGE = 'Требуется авторизация.';
/** Mentions "token expired" so that the admin recognises an expired session and sends the user back to /admin. */
export const TOKEN_EXPIRED_MESSAGE = 'Срок действия токена истёк (token expired).';
export const FORBIDDEN_MESSAGE = 'Недостаточно прав.';

const TOKEN = /^[\w-]+\.[\w-]*\.[\w-]*$/;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization?.trim() ?? '';
  const token = header.slice(0, 7).toLowerCase() === 'bearer ' ? header.slice(7) : '';
  return TOKEN.test(token) ? token : null;
}

/** The access token of the session cookie (`access_token`), read from the `Cookie` header without parsing the others. */
function accessCookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === ACCESS_COOKIE) {
      const token = pair.slice(at + 1).trim();
      return TOKEN.test(token) ? token : null;
    }
  }
  return null;
}

interface VerifiedAccount {
  user: AuthUser;
  twoFactor: 0 | 1;
}

/**
 * Authenticates a token (for the admin API from the `Authorization: Bearer` header only, never the cookie, so no
 * CSRF), then checks the user in the database: still active, token version unchanged. The role comes from the
 * database, so a role change applies at once; its rights from the roles' cache.
 */
async function verifyAccount(request: FastifyRequest, token = bearerToken(request)): Promise<VerifiedAccount> {
  if (!token) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  let claims;
  try {
    claims = await verifyAccessToken(request.server.config.jwtSecret, token);
  } catch (error) {
    const expired = error instanceof TokenError && error.reason === 'expired';
    throw new HttpError(401, expired ? TOKEN_EXPIRED_MESSAGE : UNAUTHORIZED_MESSAGE);
  }
  const id = Number(claims.sub);
  const user = Number.isSafeInteger(id)
    ? await request.server.db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'role', 'active', 'token_version', 'two_factor'])
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!user || user.active !== 1 || user.token_version !== claims.tv) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  const permissions = await request.server.roles.permissionsOf(user.role);
  return { user: { id: user.id, email: user.email, name: user.name, role: user.role, permissions }, twoFactor: user.two_factor };
}

/** The signed-in user of a request outside the admin API (sign-out), which stays open while two-factor sign-in is required. */
export async function authenticate(request: FastifyRequest): Promise<AuthUser> {
  return (await verifyAccount(request)).user;
}

/**
 * Who reads a stored file when it is not public (a draft's picture in the admin): the signed-in staff member the
 * `Authorization: Bearer` header or else the `access_token` cookie names, as the admin API would let them through,
 * or null. The cookie counts here only: a plain `<img>` sends no header, and a read of a file changes nothing (the
 * cookie is `SameSite=Lax`, so another site's page cannot make a browser send it with its images either).
 */
export async function staffReadingFile(request: FastifyRequest): Promise<AuthUser | null> {
  const token = bearerToken(request) ?? accessCookieToken(request);
  if (!token) return null;
  try {
    const { user, twoFactor } = await verifyAccount(request, token);
    await enforceEnrolment(request, twoFactor);
    return user;
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}

/**
 * Who an admin scope is for: every signed-in account (`staff`: its routes answer only what the account may read),
 * the built-in MANAGER alone (`manager`: what no role is given, such as emptying the whole trash), or the accounts
 * whose role gives the action the route needs on `resource`.
 */
export type Access = 'staff' | 'manager' | { resource: string };

/** Routes whose last word names an action other than editing. */
const ROUTE_ACTIONS: Readonly<Record<string, Action>> = {
  remove: 'delete',
  'publish-draft': 'publish',
  'request-changes': 'publish',
  // A preview renders the record as it would be published and changes nothing.
  preview: 'read',
};

/**
 * The action a route of a resource needs, from its method and address: reads (`GET`, a preview) need `read`;
 * removal (`DELETE`, `…/remove/{id}`) `delete`; publishing a draft and returning it with a comment `publish`; every
 * other write `edit`.
 */
export function actionOfRoute(method: string, url: string): Action {
  if (method === 'GET' || method === 'HEAD') return 'read';
  if (method === 'DELETE') return 'delete';
  const words = url.split('/').filter((word) => word !== '' && !word.startsWith(':'));
  return ROUTE_ACTIONS[words.at(-1) ?? ''] ?? 'edit';
}

/**
 * Uploading into the media library serves whatever the account edits: it needs the library open to it and the right
 * to edit some resource, not to edit the library itself. Replacing a file afterwards needs the right to edit every
 * record that uses it (`server/assets/rights.ts`).
 */
const LIBRARY_UPLOAD = '/api/admin/assets/upload';

/** Whether an account may use a route of a scope. */
export function allows(user: AuthUser, access: Access, method: string, url: string): boolean {
  if (access === 'staff') return true;
  if (access === 'manager') return user.role === 'MANAGER';
  if (url === LIBRARY_UPLOAD) return may(user.permissions, access.resource, 'read') && mayAnywhere(user.permissions, 'edit');
  return may(user.permissions, access.resource, actionOfRoute(method, url));
}

/**
 * The one rights check of the admin API: an `onRequest` hook (it runs before a body is read) that lets a request
 * through only for a signed-in user whom `access` allows the matched route, who has two-factor sign-in where a
 * MANAGER requires it. Every admin scope adds it; routes without it deny nothing, so every admin route is registered
 * inside such a scope. What it lets through is decided by the route that matched (its pattern, never how its
 * address was spelled), so a route added to a resource's scope is checked with no list to update.
 */
export function requireAccess(access: Access): onRequestAsyncHookHandler {
  return async (request) => {
    const { user, twoFactor } = await verifyAccount(request);
    if (!allows(user, access, request.method, request.routeOptions.url ?? '')) throw new HttpError(403, FORBIDDEN_MESSAGE);
    await enforceEnrolment(request, twoFactor);
    request.user = user;
  };
}
