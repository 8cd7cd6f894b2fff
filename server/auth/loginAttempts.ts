import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { isPostgres } from '../db/dialect.js';

/** Failed logins allowed per account within the window; then even the right password gets 429 until it passes. */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const LOGIN_RESOURCE = 'session';
export const LOGIN_ACTION = 'login';
export const LOGIN_FAILED_ACTION = 'login-failed';

type Db = Kysely<Database> | Transaction<Database>;

/** Failed logins of the account in the window, counted from its last successful login. */
async function recentFailures(db: Db, email: string, now: number): Promise<number> {
  const since = new Date(now - ACCOUNT_FAILURE_WINDOW_MS).toISOString();
  const lastLogin = await db
    .selectFrom('audit_log')
    .select('created_at')
    .where('user_email', '=', email)
    .where('action', '=', LOGIN_ACTION)
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

/**
 * Whether an account (by e-mail, known or not, so the answer says nothing about its existence) has used up its
 * failed logins. Failures are read from the audit log, so the limit holds across processes and restarts; a
 * successful login starts the count anew.
 */
export async function accountLocked(db: Kysely<Database>, email: string, now = Date.now()): Promise<boolean> {
  return (await recentFailures(db, email, now)) >= ACCOUNT_FAILURE_LIMIT;
}

/**
 * Reserves one login attempt for the account BEFORE its password is checked, so that parallel requests cannot
 * all pass the check while the slow hash runs: the attempt is written as a failure first and counted in the
 * same transaction. PostgreSQL serialises attempts on one account with an advisory lock; SQLite by the write
 * lock the insert takes before anything is read (one writer at a time). Answers the reserved audit row's id,
 * or null when the account is locked (nothing is left behind then).
 */
export async function reserveLoginAttempt(db: Kysely<Database>, email: string, ip: string, now = Date.now()): Promise<number | null> {
  const postgres = isPostgres(db);
  return db.transaction().execute(async (trx) => {
    if (postgres) await sql`select pg_advisory_xact_lock(hashtext(${`login:${email}`}))`.execute(trx);
    const reserved = await trx
      .insertInto('audit_log')
      .values({
        user_id: null,
        user_email: email.slice(0, 320),
        action: LOGIN_FAILED_ACTION,
        resource: LOGIN_RESOURCE,
        record_id: null,
        ip: ip.slice(0, 64),
        created_at: new Date(now).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Our own reservation is among the failures counted: one more than the limit means the limit was reached.
    if ((await recentFailures(trx, email, now)) > ACCOUNT_FAILURE_LIMIT) {
      await trx.deleteFrom('audit_log').where('id', '=', reserved.id).execute();
      return null;
    }
    return reserved.id;
  });
}

/** A correct password of an account with two-factor sign-in: the code step follows; the failure count goes on. */
export const LOGIN_CHALLENGE_ACTION = 'login-challenge';

/**
 * Settles a reserved attempt once the password or code was checked: `login` (which starts the count anew),
 * `login-challenge` (a correct password awaiting its code) or `login-failed`, naming the account when it exists.
 * A process that dies in between leaves a failure, which errs on the safe side.
 */
export async function settleLoginAttempt(
  db: Kysely<Database>,
  reservationId: number,
  outcome: { action: typeof LOGIN_ACTION | typeof LOGIN_CHALLENGE_ACTION | typeof LOGIN_FAILED_ACTION; userId: number | null },
): Promise<void> {
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
