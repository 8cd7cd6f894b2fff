import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../server/auth/passwords.js';
import { signAccessToken, type Role } from '../../server/auth/tokens.js';

let counter = 0;

/**
 * Each password's hash, made once per worker: the suite makes thousands of accounts, and each hash costs scrypt's
 * 50 ms of CPU. A stored hash names its salt and parameters, so one hash serves every account with that password
 * on a site of that cost.
 */
const hashes = new Map<string, Promise<string>>();

function hashOnce(app: FastifyInstance, password: string): Promise<string> {
  const key = `${app.config.passwordHashCost}:${password}`;
  let hash = hashes.get(key);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(key, hash);
  }
  return hash;
}

/** Creates an active user of the given role and answers it with a valid access token and `Authorization` header. */
export async function userWithToken(app: FastifyInstance, role: Role, password = 'password-for-tests') {
  const email = `${role.toLowerCase()}-${Date.now().toString(36)}-${++counter}@example.com`;
  const now = new Date().toISOString();
  const user = await app.db
    .insertInto('users')
    .values({ email, name: `Тест ${role}`, password_hash: await hashOnce(app, password), role, active: 1, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = await signAccessToken(app.config.jwtSecret, user);
  return { user, password, token, headers: { authorization: `Bearer ${token}` } };
}
