import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Database, Db, UserRow } from '../db/schema.js';
import { revokeSessions } from './accounts.js';

/**
 * TOTP as RFC 6238 sets it and every authenticator app expects: SHA-1, 6 digits, 30-second steps. A code of the
 * step before or after the server's is accepted too (one step of clock drift), and a step once accepted is never
 * accepted again for the same account (the last used step is stored), so an overheard code cannot be replayed.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_DRIFT_STEPS = 1;

export const RECOVERY_CODE_COUNT = 10;
/** A sign-in waiting for its code is forgotten after this time; the password step must be repeated. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export const TWO_FACTOR_MESSAGES = {
  enrolmentRequired: 'Для работы в панели управления подключите двухфакторную аутентификацию в профиле.',
  invalidCode: 'Неверный код.',
  challengeExpired: 'Время на ввод кода истекло. Войдите снова.',
  alreadyEnabled: 'Двухфакторная аутентификация уже включена.',
  notEnabled: 'Двухфакторная аутентификация не включена.',
  noPendingSetup: 'Сначала получите новый секрет (подключение двухфакторной аутентификации).',
  wrongPassword: 'Неверный пароль.',
} as const;

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A new random base32 secret (160 bits, as RFC 4226 recommends). */
export const newTotpSecret = (): string => generateSecret();

/** The `otpauth://totp/…` address authenticator apps read from the QR code; the issuer is the site's brand. */
export function otpauthUrl(brand: string, email: string, secret: string): string {
  return generateURI({ issuer: brand, label: email, secret, algorithm: 'sha1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
}

/** The QR code of an address as an SVG `data:` URL (the admin's CSP allows `data:` images). */
export async function qrCodeDataUrl(text: string): Promise<string> {
  // Loaded on the first enrolment: no start pays for it.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** A code as typed: spaces and dashes dropped, letters lower-cased. */
export const normalizeCode = (code: string): string => code.replace(/[\s-]/g, '').toLowerCase();

const isTotpCode = (code: string): boolean => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);

/**
 * The time step a code belongs to when it is valid for the secret (within the allowed drift) and newer than
 * `afterStep`; null otherwise.
 */
export async function matchTotp(secret: string, code: string, afterStep: number | null, now = Date.now()): Promise<number | null> {
  const token = normalizeCode(code);
  if (!isTotpCode(token)) return null;
  try {
    const result = await verify({
      secret,
      token,
      algorithm: 'sha1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      epoch: Math.floor(now / 1000),
      epochTolerance: TOTP_DRIFT_STEPS * TOTP_PERIOD_SECONDS,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/**
 * Accepts a TOTP code of an enrolled account at most once: the step is stored only if it is newer than the stored
 * one, in the same statement, so two requests with one code cannot both pass.
 */
export async function acceptTotp(db: Db, user: Pick<UserRow, 'id' | 'totp_secret' | 'totp_last_step'>, code: string): Promise<boolean> {
  if (!user.totp_secret) return false;
  const step = await matchTotp(user.totp_secret, code, user.totp_last_step === null ? null : Number(user.totp_last_step));
  if (step === null) return false;
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', user.id)
    .where('two_factor', '=', 1)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx`: 50 random bits, without the look-alikes l, o, 0 and 1. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Replaces the account's recovery codes with ten new ones, stored hashed; the codes are answered once, here. */
export async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = new Date().toISOString();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: sha256(normalizeCode(code)), used_at: null, created_at: now })))
    .execute();
  return codes;
}

/** Uses up one recovery code of the account; only one of two concurrent requests with the same code succeeds. */
export async function spendRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const normalized = normalizeCode(code);
  if (!/^[a-z0-9]{10}$/.test(normalized)) return false;
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', sha256(normalized))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Which second factor a code proved: a TOTP code, a recovery code, or none. */
export type SecondFactor = 'totp' | 'recovery' | null;

/** Checks a code typed at sign-in: six digits are a TOTP code, anything else a recovery code. */
export async function checkSecondFactor(db: Db, user: Pick<UserRow, 'id' | 'totp_secret' | 'totp_last_step'>, code: string): Promise<SecondFactor> {
  if (isTotpCode(normalizeCode(code))) return (await acceptTotp(db, user, code)) ? 'totp' : null;
  return (await spendRecoveryCode(db, user.id, code)) ? 'recovery' : null;
}

/** Starts a sign-in that waits for its code: an opaque value for the client, stored hashed, valid 5 minutes. */
export async function issueLoginChallenge(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.deleteFrom('login_challenges').where('expires_at', '<', now.toISOString()).execute();
  await db
    .insertInto('login_challenges')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

/** The challenge behind a value the client sent, if it exists and has not expired. */
export async function findLoginChallenge(db: Db, token: string): Promise<{ id: number; userId: number } | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const row = await db.selectFrom('login_challenges').select(['id', 'user_id', 'expires_at']).where('token_hash', '=', sha256(token)).executeTakeFirst();
  if (!row || row.expires_at <= new Date().toISOString()) return null;
  return { id: row.id, userId: row.user_id };
}

/** Uses a challenge up; false when another request already did. */
export async function consumeLoginChallenge(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('login_challenges').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Keeps a new secret waiting for its first code; an earlier unconfirmed secret is replaced. */
export async function startEnrolment(db: Db, userId: number): Promise<string> {
  const secret = newTotpSecret();
  await db.updateTable('users').set({ totp_pending_secret: secret }).where('id', '=', userId).execute();
  return secret;
}

/**
 * Completes enrolment when the code matches the waiting secret: the account gets two-factor sign-in, ten recovery
 * codes, and every session of the account ends (the caller gives the current one fresh cookies). Answers the
 * recovery codes, or null for a wrong code.
 */
export async function completeEnrolment(db: Kysely<Database>, userId: number, pendingSecret: string, code: string): Promise<string[] | null> {
  const step = await matchTotp(pendingSecret, code, null);
  if (step === null) return null;
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('users')
      .set({ two_factor: 1, totp_secret: pendingSecret, totp_pending_secret: null, totp_last_step: step, updated_at: new Date().toISOString() })
      .where('id', '=', userId)
      .where('two_factor', '=', 0)
      .where('totp_pending_secret', '=', pendingSecret)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    const codes = await replaceRecoveryCodes(trx, userId);
    await revokeSessions(trx, userId);
    return codes;
  });
}

/** Turns two-factor sign-in off (by the account itself, a MANAGER or the command line) and ends its sessions. */
export async function removeTwoFactor(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ two_factor: 0, totp_secret: null, totp_pending_secret: null, totp_last_step: null, updated_at: new Date().toISOString() })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
    await revokeSessions(trx, userId);
  });
}
