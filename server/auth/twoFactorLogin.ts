import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../admin/audit.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { parseForm } from '../http/validation.js';
import { revokeSessions } from './accounts.js';
import { accountLocked, LOGIN_ACTION, LOGIN_FAILED_ACTION, LOGIN_RESOURCE } from './loginAttempts.js';
import { twoFactorRequired } from './settings.js';
import { checkSecondFactor, consumeLoginChallenge, findLoginChallenge, issueLoginChallenge, TWO_FACTOR_MESSAGES } from './twoFactor.js';

/** Audit actions of the two-step sign-in (resource `session`). */
export const LOGIN_CHALLENGE_ACTION = 'login-challenge';
export const RECOVERY_CODE_USED_ACTION = 'login-recovery-code';

/** The answer to a right password of an account with two-factor sign-in: no session yet, a challenge for the code. */
export interface ChallengeAnswer {
  data: { twoFactor: true; challenge: string };
}

/**
 * The password step of an account with two-factor sign-in. It is not a login: the audit gets `login-challenge`,
 * not `login`, because a `login` entry starts the count of failed attempts anew, and a password alone must not
 * reset the count of wrong codes.
 */
export async function beginTwoFactorLogin(request: FastifyRequest, user: UserRow): Promise<ChallengeAnswer> {
  const challenge = await issueLoginChallenge(request.server.db, user.id);
  await recordAudit(request, { action: LOGIN_CHALLENGE_ACTION, resource: LOGIN_RESOURCE, recordId: user.id, actor: { id: user.id, email: user.email } });
  return { data: { twoFactor: true, challenge } };
}

/** Whether an account signing in without two-factor sign-in must enrol first (a MANAGER requires it). */
export async function enrolmentPending(request: FastifyRequest, user: UserRow): Promise<boolean> {
  return user.two_factor !== 1 && (await twoFactorRequired(request.server.db));
}

const codeBody = z.object({
  challenge: z.string().trim().min(1).max(200),
  code: z.string().trim().min(1).max(64),
});

/**
 * The code step: a TOTP code or a recovery code for a challenge of the password step. A wrong code is a failed
 * login of the account (the same `login-failed` entries as wrong passwords, so both share one limit); a locked
 * account gets `rateLimited()` before its code is even looked at. The challenge works once. A recovery code ends
 * the account's other sessions. Answers the account, ready for a new session.
 */
export async function completeTwoFactorLogin(request: FastifyRequest, rateLimited: () => HttpError): Promise<UserRow> {
  const db = request.server.db;
  const { challenge: token, code } = parseForm(codeBody, request.body);
  const challenge = await findLoginChallenge(db, token);
  const user = challenge ? await db.selectFrom('users').selectAll().where('id', '=', challenge.userId).executeTakeFirst() : undefined;
  if (!challenge || !user || user.active !== 1 || user.two_factor !== 1) throw new HttpError(401, TWO_FACTOR_MESSAGES.challengeExpired);
  if (await accountLocked(db, user.email)) throw rateLimited();

  const factor = await checkSecondFactor(db, user, code);
  if (factor === null) {
    await recordAudit(request, { action: LOGIN_FAILED_ACTION, resource: LOGIN_RESOURCE, recordId: user.id, actor: { id: user.id, email: user.email } });
    throw new HttpError(401, TWO_FACTOR_MESSAGES.invalidCode, { code: [TWO_FACTOR_MESSAGES.invalidCode] });
  }
  if (!(await consumeLoginChallenge(db, challenge.id))) throw new HttpError(401, TWO_FACTOR_MESSAGES.challengeExpired);

  const actor = { id: user.id, email: user.email };
  if (factor === 'recovery') {
    // A recovery code means the phone may be lost or in other hands: every other session of the account ends.
    await revokeSessions(db, user.id);
    await recordAudit(request, { action: RECOVERY_CODE_USED_ACTION, resource: LOGIN_RESOURCE, recordId: user.id, actor });
  }
  await recordAudit(request, { action: LOGIN_ACTION, resource: LOGIN_RESOURCE, recordId: user.id, actor });
  return db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
}
