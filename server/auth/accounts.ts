import { sql, type Kysely, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Database, UserRow } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
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
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_TAKEN_MESSAGE = 'Пользователь с таким e-mail уже существует.';

export function toUserRecord(row: Pick<UserRow, 'id' | 'email' | 'name' | 'role' | 'active' | 'two_factor' | 'created_at' | 'updated_at'>): UserRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.active,
    two_factor: row.two_factor,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export const USER_COLUMNS = ['id', 'email', 'name', 'role', 'active', 'two_factor', 'created_at', 'updated_at'] as const;

/** Case and surrounding spaces never make two accounts. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (what: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `Укажите ${what}.` : `${what[0]?.toUpperCase()}${what.slice(1)}: ожидается строка.`;

export const emailSchema = z
  .string({ error: required('e-mail') })
  .trim()
  .toLowerCase()
  .max(254, { error: 'E-mail длиннее 254 символов.' })
  .regex(EMAIL_PATTERN, { error: 'Некорректный e-mail.' });

export const passwordSchema = z
  .string({ error: required('пароль') })
  .min(PASSWORD_MIN, { error: `Пароль должен быть не короче ${PASSWORD_MIN} символов.` })
  .max(PASSWORD_MAX, { error: `Пароль должен быть не длиннее ${PASSWORD_MAX} символов.` });

export const nameSchema = z
  .string({ error: required('имя') })
  .trim()
  .min(1, { error: 'Укажите имя.' })
  .max(200, { error: 'Имя длиннее 200 символов.' });

export const roleSchema = z.enum(['USER', 'MANAGER'], { error: 'Роль: USER (Пользователь) или MANAGER (Менеджер).' });

export const activeSchema = z
  .union([z.literal(0), z.literal(1), z.boolean()], { error: 'Активность: 0 или 1.' })
  .transform((value): 0 | 1 => (value === true || value === 1 ? 1 : 0));

export interface NewUser {
  email: string;
  name: string;
  password: string;
  role: Role;
  active: 0 | 1;
}

export interface UserChanges {
  email?: string;
  name?: string;
  password?: string;
  role?: Role;
  active?: 0 | 1;
}

type Db = Kysely<Database> | Transaction<Database>;

const isUniqueViolation = (error: unknown): boolean => {
  const details = error as { code?: unknown; message?: unknown };
  return details.code === '23505' || details.code === 'SQLITE_CONSTRAINT_UNIQUE' || (typeof details.message === 'string' && /UNIQUE constraint failed/.test(details.message));
};

const emailTaken = () => new HttpError(409, EMAIL_TAKEN_MESSAGE, { email: [EMAIL_TAKEN_MESSAGE] });

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export async function createUser(db: Db, input: NewUser): Promise<UserRecord> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email)) throw emailTaken();
  const now = new Date().toISOString();
  try {
    const row = await db
      .insertInto('users')
      .values({
        email,
        name: input.name,
        password_hash: await hashPassword(input.password),
        role: input.role,
        active: input.active,
        created_at: now,
        updated_at: now,
      })
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow();
    return toUserRecord(row);
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

/**
 * Applies changes to a user. A new password, another role, or deactivation bump the token version and delete the
 * user's refresh tokens, so every session of the user ends at once. Refuses (409) to leave no active MANAGER.
 * Answers the updated record, or null when there is no such user.
 */
export async function updateUser(db: Db, id: number, changes: UserChanges): Promise<{ user: UserRecord; revoked: boolean } | null> {
  const current = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!current) return null;

  const email = changes.email === undefined ? undefined : normalizeEmail(changes.email);
  if (email !== undefined && email !== current.email && (await findUserByEmail(db, email))) throw emailTaken();

  const stopsBeingManager =
    current.role === 'MANAGER' && current.active === 1 && ((changes.role !== undefined && changes.role !== 'MANAGER') || changes.active === 0);
  if (stopsBeingManager && (await countOtherActiveManagers(db, id)) === 0) {
    throw new HttpError(409, LAST_MANAGER_MESSAGE, { [changes.active === 0 ? 'active' : 'role']: [LAST_MANAGER_MESSAGE] });
  }

  const revoke =
    changes.password !== undefined ||
    (changes.role !== undefined && changes.role !== current.role) ||
    (changes.active === 0 && current.active === 1);

  const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);
  try {
    const row = await db
      .updateTable('users')
      .set((eb) => ({
        ...(passwordHash !== undefined ? { password_hash: passwordHash } : {}),
        ...(email !== undefined ? { email } : {}),
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.role !== undefined ? { role: changes.role } : {}),
        ...(changes.active !== undefined ? { active: changes.active } : {}),
        ...(revoke ? { token_version: eb('token_version', '+', 1) } : {}),
        updated_at: new Date().toISOString(),
      }))
      .where('id', '=', id)
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow();
    if (revoke) await db.deleteFrom('refresh_tokens').where('user_id', '=', id).execute();
    return { user: toUserRecord(row), revoked: revoke };
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
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
