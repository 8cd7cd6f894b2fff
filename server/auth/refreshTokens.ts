import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;
/**
 * A rotated token presented again within this time (two tabs refreshing at once) only fails; later, it is
 * treated as stolen and the whole family of tokens from that login is revoked.
 */
export const REUSE_GRACE_MS = 10_000;

const TOKEN_PATTERN = /^[\w-]{43}$/;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
}

/** Creates and stores (hashed) a new opaque refresh token; a new login starts a new family. */
export async function issueRefreshToken(db: Kysely<Database>, userId: number, family?: string): Promise<IssuedRefreshToken> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      family: family ?? randomBytes(16).toString('hex'),
      expires_at: expiresAt.toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  // Housekeeping: the user's expired tokens are of no use, not even for reuse detection.
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<', now.toISOString()).execute();
  return { token, expiresAt };
}

/** The user a refresh token belongs to, without using it up; null for unknown, malformed or expired tokens. */
export async function peekRefreshToken(db: Kysely<Database>, token: string | undefined): Promise<number | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const row = await db.selectFrom('refresh_tokens').select(['user_id', 'expires_at']).where('token_hash', '=', hashToken(token)).executeTakeFirst();
  return row && row.expires_at > new Date().toISOString() ? row.user_id : null;
}

export type RotateResult = { ok: true; userId: number; issued: IssuedRefreshToken } | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

/**
 * Exchanges a refresh token for a new one of the same family. Each token works once: a token used again after
 * the grace time revokes its whole family (the token was probably stolen).
 */
export async function rotateRefreshToken(db: Kysely<Database>, token: string | undefined): Promise<RotateResult> {
  if (!token || !TOKEN_PATTERN.test(token)) return { ok: false, reason: 'unknown' };
  const row = await db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  const now = new Date();
  if (row.expires_at <= now.toISOString()) {
    await db.deleteFrom('refresh_tokens').where('id', '=', row.id).execute();
    return { ok: false, reason: 'expired' };
  }
  if (row.used_at !== null) {
    if (now.getTime() - Date.parse(row.used_at) > REUSE_GRACE_MS) {
      await db.deleteFrom('refresh_tokens').where('family', '=', row.family).execute();
    }
    return { ok: false, reason: 'reused' };
  }
  // Only one of two concurrent requests can mark the token used.
  const marked = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) return { ok: false, reason: 'reused' };
  const issued = await issueRefreshToken(db, row.user_id, row.family);
  return { ok: true, userId: row.user_id, issued };
}
