import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { generatePassword, hashPassword } from './passwords.js';

export interface FirstLogin {
  email: string;
  /** Shown once: generated here, or null when it came from ADMIN_PASSWORD. */
  generatedPassword: string | null;
}

/** Creates the first MANAGER when there is no user at all; answers the login to print, or null when users exist. */
export async function ensureFirstManager(db: Kysely<Database>, options: { email: string; password: string | null }): Promise<FirstLogin | null> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const password = options.password ?? generatePassword();
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      email: options.email.toLowerCase(),
      name: 'Администратор',
      password_hash: await hashPassword(password),
      role: 'MANAGER',
      active: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { email: options.email.toLowerCase(), generatedPassword: options.password ? null : password };
}
