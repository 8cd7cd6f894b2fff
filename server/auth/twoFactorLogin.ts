import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { recordAudit } from '../records/audit.js';
import type { Database, UserRow } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { parseForm } from '../http/validation.js';
import { revokeSessions } from './accounts.js';
import { checkWithinLimit, LOGIN_ACTION, LOGIN_FAILED_ACTION, LOGIN_RESOURCE, type CheckedAttempt } from './loginAttempts.js';
import { twoFactorRequired } from './settings.js';
import { checkSecondFactor, consumeLoginChallenge, findLoginChallenge, issueLoginChallenge, TWO_FACTOR_MESSAGES } from './twoFactor.js';

/** The audit action of a sign-in with a recovery code (resource `session`). */
export const RECOVERY_CODE_USED_ACTION = 'login-recovery-code';

/** The answer to a right password of an account with two-factor sign-in: no session yet, a challenge for the code. */
export interface ChallengeAnswer {
  data: { twoFactor: true; challenge: string };
}

/**
 * The password step of an account with two-factor sign-in: a challenge for the code. It is not a login: its attempt
 * is settled as `login-challenge`, not `login`, because a `login` entry starts the count of failed attempts anew,
 * and a password alone must not reset the count of wrong codes.
 */
export async function beginTwoFactorLogin(db: Kysely<Database>, user: UserRow): Promise<ChallengeAnswer> {
  return { data: { twoFactor: true, challenge: await issueLoginChallenge(db, user.id) } };
}

/** Whether an account signing in without two-factor sign-in must enrol first (a MANAGER requires it). */
export async function enrolmentPending(request: FastifyRequest, user: UserRow): Promise<boolean> {
  return user.two_factor !== 1 && (await twoFactorRequired(request.server.db));
}

export const codeBody = z.object({
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
  // Codes are attempts like passwords: reserved and counted before the code is checked.
  const checked = await checkWithinLimit(db, { email: user.email, ip: request.ip ?? '' }, () => checkCode(request, user, challenge.id, code));
  if (checked === null) throw rateLimited();
  if (checked.answer === 'wrong-code') throw new HttpError(401, TWO_FACTOR_MESSAGES.invalidCode, { code: [TWO_FACTOR_MESSAGES.invalidCode] });
  if (checked.answer === 'challenge-used') throw new HttpError(401, TWO_FACTOR_MESSAGES.challengeExpired);
  return db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
}

/** What the code step found: the account signed in, a wrong code, or a challenge another request used first. */
type CodeStep = 'signed-in' | 'wrong-code' | 'challenge-used';

/** Checks the code against the account and, when it is right, uses the challenge up; a wrong code stays a failure. */
async function checkCode(request: FastifyRequest, user: UserRow, challengeId: number, code: string): Promise<CheckedAttempt<CodeStep>> {
  const db = request.server.db;
  const failed = (answer: Exclude<CodeStep, 'signed-in'>): CheckedAttempt<CodeStep> => ({ outcome: { action: LOGIN_FAILED_ACTION, userId: user.id }, answer });
  const factor = await checkSecondFactor(db, user, code);
  if (factor === null) return failed('wrong-code');
  if (!(await consumeLoginChallenge(db, challengeId))) return failed('challenge-used');
  if (factor === 'recovery') {
    // A recovery code means the phone may be lost or in other hands: every other session of the account ends.
    await revokeSessions(db, user.id);
    const actor = { id: user.id, email: user.email };
    await recordAudit(request, { action: RECOVERY_CODE_USED_ACTION, resource: LOGIN_RESOURCE, recordId: user.id, actor });
  }
  return { outcome: { action: LOGIN_ACTION, userId: user.id }, answer: 'signed-in' };
}
