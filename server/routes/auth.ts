import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../records/audit.js';
import { emailSchema, normalizeEmail, PASSWORD_MAX, revokeSessions, toUserRecord } from '../auth/accounts.js';
import { authenticate, UNAUTHORIZED_MESSAGE } from '../auth/guard.js';
import { checkWithinLimit, LOGIN_ACTION, LOGIN_CHALLENGE_ACTION, LOGIN_FAILED_ACTION, LOGIN_RESOURCE, type CheckedAttempt } from '../auth/loginAttempts.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { RateLimiter } from '../auth/rateLimit.js';
import { beginTwoFactorLogin, codeBody, completeTwoFactorLogin, enrolmentPending } from '../auth/twoFactorLogin.js';
import { issueRefreshToken, peekRefreshToken, rotateRefreshToken, type IssuedRefreshToken } from '../auth/refreshTokens.js';
import { clearSessionCookies as clearCookies, REFRESH_COOKIE, setSessionCookies as setCookies, useCookies } from '../auth/sessionCookies.js';
import { signAccessToken } from '../auth/tokens.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { parseForm } from '../http/validation.js';
import { SESSION_DOCS } from './openapi/sessions.js';

export { ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '../auth/sessionCookies.js';

export const LOGIN_FAILED_MESSAGE = 'Неверный e-mail или пароль.';
export const RATE_LIMITED_MESSAGE = 'Слишком много попыток. Попробуйте позже.';

/**
 * Limits: per IP for every login and refresh request; per account for refreshes (failed logins per account are
 * counted in the audit log, `loginAttempts.ts`). Kept in the database, so they hold across processes.
 */
export const LIMITS = {
  loginPerIp: { bucket: 'login-ip', limit: 10, windowMs: 60_000 },
  refreshPerIp: { bucket: 'refresh-ip', limit: 20, windowMs: 60_000 },
  refreshPerAccount: { bucket: 'refresh-account', limit: 10, windowMs: 60_000 },
} as const;

const loginBody = z.object({
  email: emailSchema,
  password: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Укажите пароль.' : 'Пароль: ожидается строка.') })
    .min(1, { error: 'Укажите пароль.' })
    .max(PASSWORD_MAX, { error: `Пароль должен быть не длиннее ${PASSWORD_MAX} символов.` }),
});

/** A hash of a random password, checked for unknown accounts so that they take as long as known ones. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

const rateLimited = () => new HttpError(429, RATE_LIMITED_MESSAGE);

/**
 * Sessions (docs/admin-api.md): login, refresh and logout. The access token travels in a script-readable cookie
 * (the admin reads it and sends it back as `Authorization: Bearer`); the refresh token is HttpOnly, limited to
 * `/api/site`, opaque, stored hashed, and rotated on every use.
 */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  await useCookies(app);
  const secure = app.config.publicUrl.startsWith('https://');
  const loginIp = new RateLimiter(app.db, LIMITS.loginPerIp);
  const refreshIp = new RateLimiter(app.db, LIMITS.refreshPerIp);
  const refreshAccount = new RateLimiter(app.db, LIMITS.refreshPerAccount);
  void getDummyHash();

  function setSessionCookies(reply: FastifyReply, accessToken: string, refresh: IssuedRefreshToken): void {
    setCookies(reply, secure, accessToken, refresh);
  }

  function clearSessionCookies(reply: FastifyReply): void {
    clearCookies(reply, secure);
  }

  async function startSession(reply: FastifyReply, user: UserRow, refresh: IssuedRefreshToken) {
    const accessToken = await signAccessToken(app.config.jwtSecret, user);
    setSessionCookies(reply, accessToken, refresh);
    const { id, email, name, role } = toUserRecord(user);
    return { data: { user: { id, email, name, role } } };
  }

  /**
   * The password step: the active account whose password this is, or null (an unknown account takes as long as a
   * known one). An account with two-factor sign-in is only challenged: the password alone yields no session.
   */
  async function checkPassword(email: string, password: string): Promise<CheckedAttempt<UserRow | null>> {
    const user = await app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    const matches = await verifyPassword(password, user?.password_hash || (await getDummyHash()));
    if (!user || !matches || user.active !== 1) return { outcome: { action: LOGIN_FAILED_ACTION, userId: user?.id ?? null }, answer: null };
    return { outcome: { action: user.two_factor === 1 ? LOGIN_CHALLENGE_ACTION : LOGIN_ACTION, userId: user.id }, answer: user };
  }

  app.post('/api/site/login', { schema: { ...SESSION_DOCS.login, documentedBody: loginBody } }, async (request: FastifyRequest, reply) => {
    // Counted before the body is read: no body, however changed, escapes the limit.
    if (!(await loginIp.hit(request.ip))) throw rateLimited();
    const { email: rawEmail, password } = parseForm(loginBody, request.body);
    const email = normalizeEmail(rawEmail);
    // The attempt is reserved (and counted) before the slow hash, so parallel requests cannot outrun the limit.
    const checked = await checkWithinLimit(app.db, { email, ip: request.ip ?? '' }, () => checkPassword(email, password));
    if (checked === null) throw rateLimited();
    const user = checked.answer;
    if (user === null) throw new HttpError(401, LOGIN_FAILED_MESSAGE);
    if (user.two_factor === 1) return beginTwoFactorLogin(app.db, user);
    const answer = await startSession(reply, user, await issueRefreshToken(app.db, user.id));
    // A MANAGER requires two-factor sign-in and this account has none yet: the admin goes straight to enrolment.
    return (await enrolmentPending(request, user)) ? { data: { ...answer.data, twoFactorSetupRequired: true } } : answer;
  });

  app.post('/api/site/login/2fa', { schema: { ...SESSION_DOCS.loginCode, documentedBody: codeBody } }, async (request, reply) => {
    if (!(await loginIp.hit(request.ip))) throw rateLimited();
    const user = await completeTwoFactorLogin(request, rateLimited);
    return startSession(reply, user, await issueRefreshToken(app.db, user.id));
  });

  app.post('/api/site/refresh', { schema: SESSION_DOCS.refresh }, async (request, reply) => {
    if (!(await refreshIp.hit(request.ip))) throw rateLimited();
    const token = request.cookies[REFRESH_COOKIE];
    const owner = await peekRefreshToken(app.db, token);
    if (owner !== null && !(await refreshAccount.hit(String(owner)))) throw rateLimited();

    const rotated = await rotateRefreshToken(app.db, token);
    const user = rotated.ok ? await app.db.selectFrom('users').selectAll().where('id', '=', rotated.userId).executeTakeFirst() : undefined;
    if (!rotated.ok || !user || user.active !== 1) {
      if (user) await app.db.deleteFrom('refresh_tokens').where('user_id', '=', user.id).execute();
      clearSessionCookies(reply);
      throw new HttpError(401, UNAUTHORIZED_MESSAGE);
    }
    return startSession(reply, user, rotated.issued);
  });

  app.post('/api/site/logout', { schema: SESSION_DOCS.logout }, async (request, reply) => {
    const user = await authenticate(request);
    request.user = user;
    await revokeSessions(app.db, user.id);
    await recordAudit(request, { action: 'logout', resource: LOGIN_RESOURCE, recordId: user.id });
    clearSessionCookies(reply);
    return { data: { ok: true } };
  });
}
