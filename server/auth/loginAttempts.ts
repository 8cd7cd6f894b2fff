import type { Kysely } from 'kysely';
import { lockForDecision } from '../db/locks.js';
import type { Database, Db } from '../db/schema.js';

/**
 * Failed attempts allowed per account within the window: wrong passwords and codes, at sign-in or typed by a
 * signed-in account to confirm a change. Then even the right password gets 429 until the window passes.
 */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const LOGIN_RESOURCE = 'session';
export const LOGIN_ACTION = 'login';
export const LOGIN_FAILED_ACTION = 'login-failed';
/** The right current password, typed by a signed-in account to confirm a change: like a login, it starts the count anew. */
export const PASSWORD_CONFIRMED_ACTION = 'password-confirmed';

/** The actions that prove the account's password (and second factor, if any): the failures before them no longer count. */
const COUNT_RESTARTING_ACTIONS = [LOGIN_ACTION, PASSWORD_CONFIRMED_ACTION];

/**
 * Failed attempts of the account in the window, counted from its last successful login or password confirmation.
 * Failures are read from the audit log, so the limit holds across processes and restarts.
 */
async function recentFailures(db: Db, email: string, now: number): Promise<number> {
  const since = new Date(now - ACCOUNT_FAILURE_WINDOW_MS).toISOString();
  const lastLogin = await db
    .selectFrom('audit_log')
    .select('created_at')
    .where('user_email', '=', email)
    .where('action', 'in', COUNT_RESTARTING_ACTIONS)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const from = lastLogin && lastLogin.created_at > since ? lastLogin.created_at : since;
  const failures = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_email', '=', email)
    .where('action', '=', LOGIN_FAILED_ACTION)
    .where('created_at', '>', from)
    .executeTakeFirst();
  return Number(failures?.count ?? 0);
}

/** Where an attempt comes from: the e-mail it is for (as typed at sign-in, known or not) and the client's address. */
export interface AttemptSource {
  email: string;
  ip: string;
}

/**
 * Reserves one attempt for the account BEFORE its password or code is checked, so that parallel requests cannot
 * all pass the check while the slow hash runs: the attempt is written as a failure first and counted in the same
 * transaction, which is alone on the account (an advisory lock on PostgreSQL, the single write lock on SQLite).
 * Answers the reserved audit row's id, or null when the account is locked (nothing is left behind then).
 */
async function reserveAttempt(db: Kysely<Database>, source: AttemptSource, now: number): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    // The lock's name is the one every earlier version used, so old and new processes exclude each other.
    await lockForDecision(trx, `login:${source.email}`);
    const reserved = await trx
      .insertInto('audit_log')
      .values({
        user_id: null,
        user_email: source.email.slice(0, 320),
        action: LOGIN_FAILED_ACTION,
        resource: LOGIN_RESOURCE,
        record_id: null,
        ip: source.ip.slice(0, 64),
        created_at: new Date(now).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Our own reservation is among the failures counted: one more than the limit means the limit was reached.
    if ((await recentFailures(trx, source.email, now)) > ACCOUNT_FAILURE_LIMIT) {
      await trx.deleteFrom('audit_log').where('id', '=', reserved.id).execute();
      return null;
    }
    return reserved.id;
  });
}

/** A correct password of an account with two-factor sign-in: the code step follows; the failure count goes on. */
export const LOGIN_CHALLENGE_ACTION = 'login-challenge';

/**
 * What a check found, and so what becomes of its reserved attempt (naming the account when it exists):
 * - `login-failed`: a wrong password or code; the attempt stays counted;
 * - `login` (a finished sign-in) or `password-confirmed` (the right password of a signed-in account): the count
 *   starts anew;
 * - `login-challenge`: the right password of an account with two-factor sign-in; the count goes on until its code;
 * - `released`: a right code that proves nothing about who asks (the first code of the secret the session itself
 *   was just given, at enrolment); the attempt is forgotten and the count goes on.
 */
export type AttemptOutcome =
  | { action: typeof LOGIN_FAILED_ACTION; userId: number | null }
  | { action: typeof LOGIN_ACTION | typeof LOGIN_CHALLENGE_ACTION | typeof PASSWORD_CONFIRMED_ACTION; userId: number }
  | 'released';

/** What a check found (how its attempt is settled) and what it answers its caller. */
export interface CheckedAttempt<T> {
  outcome: AttemptOutcome;
  answer: T;
}

async function settleAttempt(db: Kysely<Database>, reservationId: number, outcome: AttemptOutcome): Promise<void> {
  if (outcome === 'released') {
    await db.deleteFrom('audit_log').where('id', '=', reservationId).execute();
    return;
  }
  await db
    .updateTable('audit_log')
    .set({
      action: outcome.action,
      user_id: outcome.userId,
      record_id: outcome.userId === null ? null : String(outcome.userId),
    })
    .where('id', '=', reservationId)
    .execute();
}

/**
 * Checks one password or code of an account within the account's limit; every such check goes through here (the
 * password and code steps of sign-in, and every confirmation a signed-in account types), so they share one count.
 * The attempt is reserved before `check` runs and settled by what it found. Answers `{ answer }`, or null when
 * the account is locked: then `check` did not run and nothing was counted. A check that throws, or a process that
 * dies during it, leaves the attempt counted as a failure, which errs on the safe side.
 */
export async function checkWithinLimit<T>(
  db: Kysely<Database>,
  source: AttemptSource,
  check: () => Promise<CheckedAttempt<T>>,
  now = Date.now(),
): Promise<{ answer: T } | null> {
  const reservation = await reserveAttempt(db, source, now);
  if (reservation === null) return null;
  const { outcome, answer } = await check();
  await settleAttempt(db, reservation, outcome);
  return { answer };
}
