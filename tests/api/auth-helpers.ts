import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { signAccessToken } from '../../server/auth/tokens.js';
import type { UserRow } from '../../server/db/schema.js';

const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

let ipCounter = 0;
/** A fresh client address, so that tests do not share the per-IP rate limits unless they mean to. */
export const freshIp = (): string => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export function login(app: FastifyInstance, email: string, password: string, ip = freshIp()) {
  return app.inject({ method: 'POST', url: '/api/site/login', payload: { email, password }, remoteAddress: ip });
}

export function refresh(app: FastifyInstance, refreshToken: string | undefined, ip = freshIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/site/refresh',
    remoteAddress: ip,
    ...(refreshToken !== undefined ? { cookies: { refresh_token: refreshToken } } : {}),
  });
}

export interface SetCookie {
  name: string;
  value: string;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  maxAge?: number;
  expires?: Date;
}

export function cookieOf(response: { cookies: SetCookie[] }, name: string): SetCookie {
  const cookie = response.cookies.find((item) => item.name === name);
  if (!cookie) throw new Error(`no ${name} cookie in the answer`);
  return cookie;
}

/** Logs in and answers the access token, the refresh token and the `Authorization` header. */
export async function session(app: FastifyInstance, email: string, password: string) {
  const response = await login(app, email, password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const access = cookieOf(response, 'access_token').value;
  const refreshToken = cookieOf(response, 'refresh_token').value;
  return { access, refreshToken, headers: { authorization: `Bearer ${access}` } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const key = new TextEncoder().encode(TEST_SECRET);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

type TokenUser = Pick<UserRow, 'id' | 'email' | 'name' | 'role' | 'token_version'>;

const claimsOf = (user: TokenUser) => ({ email: user.email, name: user.name, role: user.role, tv: user.token_version, typ: 'access' });

/** Tokens that must all be refused with 401, each a different attack or mistake. */
export async function badTokens(user: TokenUser): Promise<Record<string, string>> {
  const good = await signAccessToken(TEST_SECRET, user);
  const [header, payload, signature] = good.split('.') as [string, string, string];
  const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
  const now = Math.floor(Date.now() / 1000);
  const body = { ...claimsOf(user), sub: String(user.id), aud: 'admin', iat: now, exp: now + 600 };
  const sign = (claims: object, alg = 'HS256', secret = key) => new SignJWT({ ...claims }).setProtectedHeader({ alg, typ: 'JWT' }).sign(secret);
  return {
    tampered: `${header}.${payload}.${flipped}`,
    'tampered payload': `${header}.${b64({ ...body, role: 'MANAGER', tv: user.token_version })}.${signature}`,
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(body)}.`,
    'wrong audience': await sign({ ...body, aud: 'site' }),
    'no audience': await sign({ ...claimsOf(user), sub: String(user.id), iat: now, exp: now + 600 }),
    'wrong typ': await sign({ ...body, typ: 'refresh' }),
    'other algorithm (HS512)': await sign(body, 'HS512'),
    'other secret': await sign(body, 'HS256', new TextEncoder().encode('another-secret-of-sufficient-length-123456')),
    'no token version': await sign({ ...body, tv: undefined }),
  };
}

/** A correctly signed token whose `exp` has passed. */
export async function expiredToken(user: TokenUser): Promise<string> {
  return signAccessToken(TEST_SECRET, user, -60);
}
