import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import { issueRefreshToken, REFRESH_TOKEN_TTL_SECONDS, type IssuedRefreshToken } from './refreshTokens.js';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from './tokens.js';

import { ACCESS_COOKIE, REFRESH_COOKIE, SESSION_MARKER_COOKIE } from '../../lib/sessionCookies.js';

export { ACCESS_COOKIE, REFRESH_COOKIE, SESSION_MARKER_COOKIE } from '../../lib/sessionCookies.js';
export const REFRESH_COOKIE_PATH = '/api/site';

/**
 * Cookie parsing and `Set-Cookie` for the routes of the plugin that calls it, and only those: the session routes
 * read and write cookies, while public pages and reads never look at them and skip parsing a visitor's cookies.
 */
export async function useCookies(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
}

/**
 * The session cookies (docs/admin-api.md): the access token readable by the admin's scripts (it sends it back as
 * `Authorization: Bearer`), `SameSite=Lax`, path `/`; the refresh token HttpOnly, `SameSite=Strict`, only for
 * `/api/site`, and its readable marker for as long. All `Secure` behind HTTPS.
 */
export function setSessionCookies(reply: FastifyReply, secure: boolean, accessToken: string, refresh: IssuedRefreshToken): void {
  reply.setCookie(ACCESS_COOKIE, accessToken, { path: '/', sameSite: 'lax', secure, httpOnly: false, maxAge: ACCESS_TOKEN_TTL_SECONDS });
  reply.setCookie(REFRESH_COOKIE, refresh.token, {
    path: REFRESH_COOKIE_PATH,
    sameSite: 'strict',
    secure,
    httpOnly: true,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
  reply.setCookie(SESSION_MARKER_COOKIE, '1', { path: '/', sameSite: 'lax', secure, httpOnly: false, maxAge: REFRESH_TOKEN_TTL_SECONDS });
}

/** Ends the session in the browser: every cookie `setSessionCookies` sets. */
export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(ACCESS_COOKIE, { path: '/', sameSite: 'lax', secure, httpOnly: false });
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, sameSite: 'strict', secure, httpOnly: true });
  reply.clearCookie(SESSION_MARKER_COOKIE, { path: '/', sameSite: 'lax', secure, httpOnly: false });
}

/**
 * A new session for the current browser after its account's other sessions were ended (token version bumped):
 * the token it holds stopped working too, so it gets fresh cookies with the current token version.
 */
export async function renewSession(reply: FastifyReply, db: Kysely<Database>, config: { jwtSecret: string; publicUrl: string }, userId: number): Promise<void> {
  const user: UserRow = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const accessToken = await signAccessToken(config.jwtSecret, user);
  setSessionCookies(reply, config.publicUrl.startsWith('https://'), accessToken, await issueRefreshToken(db, user.id));
}
