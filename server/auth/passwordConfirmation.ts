import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { RATE_LIMITED_MESSAGE } from '../routes/auth.js';
import { PASSWORD_MAX } from './accounts.js';
import { checkWithinLimit, LOGIN_FAILED_ACTION, PASSWORD_CONFIRMED_ACTION } from './loginAttempts.js';
import { verifyPassword } from './passwords.js';
import { TWO_FACTOR_MESSAGES } from './twoFactor.js';

/** The signed-in account's current password, as a sensitive action asks for it again. */
export const currentPassword = z
  .string({ error: 'Введите текущий пароль.' })
  .min(1, { error: 'Введите текущий пароль.' })
  .max(PASSWORD_MAX, { error: `Пароль должен быть не длиннее ${PASSWORD_MAX} символов.` });

/**
 * Sensitive actions need the current password again. It is checked within the account's limit of failed attempts,
 * shared with the login form, so a taken-over session cannot be used to guess the password, however many requests
 * it sends at once; a right one starts the count anew, as a login does. A wrong one is a 400 naming `field`.
 */
export async function confirmPassword(db: Kysely<Database>, request: FastifyRequest, row: UserRow, password: string, field: string): Promise<void> {
  const checked = await checkWithinLimit(db, { email: row.email, ip: request.ip ?? '' }, async () => {
    const right = await verifyPassword(password, row.password_hash);
    return { outcome: { action: right ? PASSWORD_CONFIRMED_ACTION : LOGIN_FAILED_ACTION, userId: row.id }, answer: right };
  });
  if (checked === null) throw new HttpError(429, RATE_LIMITED_MESSAGE);
  if (!checked.answer) throw new HttpError(400, TWO_FACTOR_MESSAGES.wrongPassword, { [field]: [TWO_FACTOR_MESSAGES.wrongPassword] });
}
