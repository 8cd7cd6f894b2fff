import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import { assertVersionIn } from '../records/versions.js';
import { EMAIL_MAX, isPlainEmail } from '../../lib/email.js';
import { CONTROL_CHARACTERS } from '../../lib/ids.js';
import { isBuiltinRole, ROLE_NAME } from '../../lib/resources/rights.js';
import { lockForDecision } from '../db/locks.js';
import type { Database, Db, UserRow } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { isWeakPassword, PASSWORD_MAX, PASSWORD_MIN, WEAK_PASSWORD_MESSAGE } from './passwordPolicy.js';
import { hashPassword } from './passwords.js';
import type { Role } from './tokens.js';

/** A user as the API answers it: never the password hash nor the token version. */
export interface UserRecord {
  id: number;
  email: string;
  name: string;
  role: Role;
  active: 0 | 1;
  /** 1 when the account signs in with a second factor (read only here; changed by enrolment and reset). */
  two_factor: 0 | 1;
  created_at: string;
  updated_at: string;
  /** Bumped by every change an administrator makes; what `If-Match` names. */
  version: number;
}

export { PASSWORD_MAX, PASSWORD_MIN } from './passwordPolicy.js';
export const EMAIL_TAKEN_MESSAGE = 'Пользователь с таким e-mail уже существует.';

export function toUserRecord(
  row: Pick<UserRow, 'id' | 'email' | 'name' | 'role' | 'active' | 'two_factor' | 'created_at' | 'updated_at'> & { version: number },
): UserRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.active,
    two_factor: row.two_factor,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  };
}

export const USER_COLUMNS = ['id', 'email', 'name', 'role', 'active', 'two_factor', 'created_at', 'updated_at', 'version'] as const;

/** Case and surrounding spaces never make two accounts. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const required = (what: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `Укажите ${what}.` : `${what[0]?.toUpperCase()}${what.slice(1)}: ожидается строка.`;

export const emailSchema = z
  .string({ error: required('e-mail') })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { error: `E-mail длиннее ${EMAIL_MAX} символов.`, abort: true })
  .refine(isPlainEmail, { error: 'Некорректный e-mail.' });

export const passwordSchema = z
  .string({ error: required('пароль') })
  .min(PASSWORD_MIN, { error: `Пароль должен быть не короче ${PASSWORD_MIN} символов.` })
  .max(PASSWORD_MAX, { error: `Пароль должен быть не длиннее ${PASSWORD_MAX} символов.` })
  .refine((value) => value.length < PASSWORD_MIN || value.length > PASSWORD_MAX || !isWeakPassword(value), { error: WEAK_PASSWORD_MESSAGE });

export const nameSchema = z
  .string({ error: required('имя') })
  .trim()
  .min(1, { error: 'Укажите имя.' })
  .max(200, { error: 'Имя длиннее 200 символов.' })
  .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'Имя: недопустимые управляющие символы.' });

export const ROLE_SCHEMA_MESSAGE = 'Роль: USER (Пользователь), MANAGER (Менеджер) или имя роли из раздела «Роли».';
export const UNKNOWN_ROLE_MESSAGE = 'Такой роли нет: создайте её в разделе «Роли».';

/** USER, MANAGER or the name of a role a MANAGER added (whether it exists is checked with the write). */
export const roleSchema = z
  .string({ error: ROLE_SCHEMA_MESSAGE })
  .refine((name) => isBuiltinRole(name) || ROLE_NAME.test(name), { error: ROLE_SCHEMA_MESSAGE });

export const activeSchema = z
  .union([z.literal(0), z.literal(1), z.boolean()], { error: 'Активность: 0 или 1.' })
  .transform((value): 0 | 1 => (value === true || value === 1 ? 1 : 0));

export interface NewUser {
  email: string;
  name: string;
  password: string;
  role: string;
  active: 0 | 1;
}

export interface UserChanges {
  email?: string;
  name?: string;
  password?: string;
  role?: string;
  active?: 0 | 1;
}

const isUniqueViolation = (error: unknown): boolean => {
  const details = error as { code?: unknown; message?: unknown };
  return (
    details.code === '23505' ||
    details.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (typeof details.message === 'string' && /UNIQUE constraint failed/.test(details.message))
  );
};

const emailTaken = () => new HttpError(409, EMAIL_TAKEN_MESSAGE, { email: [EMAIL_TAKEN_MESSAGE] });

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

/** Runs `work` in the transaction `db` already is, or in a new one. */
function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

/**
 * Called inside the write's transaction with the written record and the role it had before (none for a new
 * account): the audit entries commit or roll back with it.
 */
export type OnWritten = (trx: Transaction<Database>, user: UserRecord, previousRole: string | null) => Promise<void>;

/** The words of an account's audit entry that gave it a role (none when its role stayed): `Роль: USER → press`. */
export const roleChangeDetails = (role: string, previousRole: string | null): string | null =>
  role === previousRole ? null : previousRole === null ? `Роль: ${role}` : `Роль: ${previousRole} → ${role}`;

/** The lock every change of who is an active MANAGER takes, so that counting managers and changing them is one step. */
const MANAGERS_LOCK = 'users:active-managers';

/**
 * The lock that giving an account a role and removing a role both take, so that a role is never removed while an
 * account is being given it.
 */
export const ROLES_LOCK = 'roles:assignments';

/** Refuses (400) a role no row of `roles` has: a role removed, or a name never created. */
async function requireRoleExists(trx: Transaction<Database>, role: string): Promise<void> {
  if (isBuiltinRole(role)) return;
  await lockForDecision(trx, ROLES_LOCK);
  const row = await trx.selectFrom('roles').select('id').where('name', '=', role).executeTakeFirst();
  if (!row) throw new HttpError(400, UNKNOWN_ROLE_MESSAGE, { role: [UNKNOWN_ROLE_MESSAGE] });
}

export async function createUser(db: Db, input: NewUser, onWritten?: OnWritten): Promise<UserRecord> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const now = new Date().toISOString();
  try {
    return await inTransaction(db, async (trx) => {
      await requireRoleExists(trx, input.role);
      const row = await trx
        .insertInto('users')
        .values({ email, name: input.name, password_hash: passwordHash, role: input.role, active: input.active, created_at: now, updated_at: now })
        .returning(USER_COLUMNS)
        .executeTakeFirstOrThrow();
      const user = toUserRecord(row);
      await onWritten?.(trx, user, null);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** Active MANAGER accounts other than `exceptId`. */
export async function countOtherActiveManagers(db: Db, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('role', '=', 'MANAGER')
    .where('active', '=', 1)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export const LAST_MANAGER_MESSAGE = 'Нельзя оставить сайт без активного менеджера.';

const lastManager = (field: string) => new HttpError(409, LAST_MANAGER_MESSAGE, { [field]: [LAST_MANAGER_MESSAGE] });

/**
 * Applies changes to a user. A new password, another role, or deactivation bump the token version and delete the
 * user's refresh tokens, so every session of the user ends at once. Refuses (409) to leave no active MANAGER:
 * the count of the other managers and the change run in one transaction under a lock, so two managers
 * deactivating each other at the same moment cannot both succeed. The password is hashed before the
 * transaction, which therefore stays short. Answers the updated record, or null when there is no such user.
 */
/** Changes an account; `expectedVersions` (from `If-Match`) refuses the change when the account changed since it was read. */
export async function updateUser(
  db: Db,
  id: number,
  changes: UserChanges,
  onWritten?: OnWritten,
  expectedVersions: number[] | null = null,
): Promise<{ user: UserRecord; revoked: boolean } | null> {
  const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);
  const email = changes.email === undefined ? undefined : normalizeEmail(changes.email);
  try {
    return await inTransaction(db, async (trx) => {
      await lockForDecision(trx, MANAGERS_LOCK);
      if (changes.role !== undefined) await requireRoleExists(trx, changes.role);
      const current = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      if (!current) return null;
      assertVersionIn(expectedVersions, current.version);
      if (email !== undefined && email !== current.email && (await findUserByEmail(trx, email))) throw emailTaken();

      const stopsBeingManager =
        current.role === 'MANAGER' && current.active === 1 && ((changes.role !== undefined && changes.role !== 'MANAGER') || changes.active === 0);
      if (stopsBeingManager && (await countOtherActiveManagers(trx, id)) === 0) throw lastManager(changes.active === 0 ? 'active' : 'role');

      const revoke =
        changes.password !== undefined || (changes.role !== undefined && changes.role !== current.role) || (changes.active === 0 && current.active === 1);

      const row = await trx
        .updateTable('users')
        .set((eb) => ({
          ...(passwordHash !== undefined ? { password_hash: passwordHash } : {}),
          ...(email !== undefined ? { email } : {}),
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.role !== undefined ? { role: changes.role } : {}),
          ...(changes.active !== undefined ? { active: changes.active } : {}),
          ...(revoke ? { token_version: eb('token_version', '+', 1) } : {}),
          version: eb('version', '+', 1),
          updated_at: new Date().toISOString(),
        }))
        .where('id', '=', id)
        .returning(USER_COLUMNS)
        .executeTakeFirstOrThrow();
      if (revoke) await trx.deleteFrom('refresh_tokens').where('user_id', '=', id).execute();
      const user = toUserRecord(row);
      await onWritten?.(trx, user, current.role);
      return { user, revoked: revoke };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Deletes a user, refusing (409) to delete the last active MANAGER, under the same lock as `updateUser`, so that
 * two managers deleting each other at once cannot leave the site without one. Answers the deleted record, or
 * null when there is no such user.
 */
export async function deleteUser(db: Db, id: number, onWritten?: OnWritten, expectedVersions: number[] | null = null): Promise<UserRecord | null> {
  return inTransaction(db, async (trx) => {
    await lockForDecision(trx, MANAGERS_LOCK);
    const row = await trx.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    assertVersionIn(expectedVersions, row.version);
    if (row.role === 'MANAGER' && row.active === 1 && (await countOtherActiveManagers(trx, id)) === 0) throw lastManager('id');
    await trx.deleteFrom('users').where('id', '=', id).execute();
    const user = toUserRecord(row);
    await onWritten?.(trx, user, row.role);
    return user;
  });
}

/** Ends every session of the user: access tokens by the token version, refresh tokens by deletion. */
export async function revokeSessions(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ token_version: sql<number>`token_version + 1` })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
}
