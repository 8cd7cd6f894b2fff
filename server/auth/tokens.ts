import { errors, jwtVerify, SignJWT } from 'jose';
import type { UserRow } from '../db/schema.js';

/** The one algorithm tokens are signed and accepted with; `alg: none` and every other algorithm are refused. */
const ALGORITHM = 'HS256';
const AUDIENCE = 'admin';
const ACCESS_TYPE = 'access';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** An account's role: USER, MANAGER or the name of a role a MANAGER added. */
export type Role = UserRow['role'];

export interface AccessClaims {
  sub: string;
  email: string;
  name: string;
  role: Role;
  /** The user's token version when the token was issued; a newer version in the database revokes it. */
  tv: number;
}

export class TokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'token expired' : 'invalid token');
  }
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(
  secret: string,
  user: Pick<UserRow, 'id' | 'email' | 'name' | 'role' | 'token_version'>,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<string> {
  return new SignJWT({ email: user.email, name: user.name, role: user.role, tv: user.token_version, typ: ACCESS_TYPE })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(user.id))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(keyOf(secret));
}

/** Checks signature, algorithm, audience, expiry and type; throws `TokenError` saying whether it merely expired. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'tv', 'role'],
    });
    if (payload.typ !== ACCESS_TYPE || typeof payload.sub !== 'string' || typeof payload.tv !== 'number') {
      throw new TokenError('invalid');
    }
    return payload as unknown as AccessClaims;
  } catch (error) {
    if (error instanceof TokenError) throw error;
    throw new TokenError(error instanceof errors.JWTExpired ? 'expired' : 'invalid');
  }
}
