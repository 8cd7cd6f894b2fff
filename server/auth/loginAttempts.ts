import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Failed logins allowed per account within the window; then even the right password gets 429 until it passes. */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const LOGIN_RESOURCE = 'session';
export const LOGIN_ACTION = 'login';
export const LOGIN_FAILED_ACTION = 'login-failed';

/**
 * Whether an account (by e-mail, known or not, so the answer says nothing about its existence) has used up its
 * failed logins. Failures are read from the audit log, so the limit holds across processes and restarts; a
 * successful login starts the count anew.
 */
export async function accountLocked(db: Kysely<Database>, email: string, now = Date.now()): Promise<boolean> {
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
  return Number(failures?.count ?? 0) >= ACCOUNT_FAILURE_LIMIT;
}
