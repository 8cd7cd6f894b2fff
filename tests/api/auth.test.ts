import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_EXPIRED_MESSAGE, UNAUTHORIZED_MESSAGE } from '../../server/auth/guard.js';
import { hashToken } from '../../server/auth/refreshTokens.js';
import { LOGIN_FAILED_MESSAGE } from '../../server/routes/auth.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { badTokens, bearer, cookieOf, expiredToken, freshIp, login, refresh, session } from './auth-helpers.js';

describe.each(await testDialects())('sessions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const me = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/admin/me', headers });

  describe('login', () => {
    it('answers the user and sets the access cookie (script-readable, Lax, path /) and the HttpOnly refresh cookie', async () => {
      const response = await login(t.app, 'Manager@Example.com ', TEST_ADMIN.password);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({ data: { user: { id: expect.any(Number), email: TEST_ADMIN.email, name: expect.any(String), role: 'MANAGER' } } });
      expect(response.body).not.toMatch(/password|scrypt|token_version/);

      const access = cookieOf(response, 'access_token');
      expect(access).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: 900 });
      expect(access.httpOnly).toBeFalsy();
      expect(access.secure).toBeFalsy();
      const refreshCookie = cookieOf(response, 'refresh_token');
      expect(refreshCookie).toMatchObject({ path: '/api/site', httpOnly: true, maxAge: 14 * 24 * 3600 });
      expect(refreshCookie.secure).toBeFalsy();
      expect(refreshCookie.value).toMatch(/^[\w-]{43}$/);
      // The refresh cookie's readable marker: no secret, the same lifetime, so the admin knows a session may be renewed.
      expect(cookieOf(response, 'signed_in')).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', maxAge: 14 * 24 * 3600 });
      expect(cookieOf(response, 'signed_in').httpOnly).toBeFalsy();

      const header = decodeProtectedHeader(access.value);
      expect(header.alg).toBe('HS256');
      const claims = decodeJwt(access.value);
      expect(claims).toMatchObject({
        sub: String(body.data.user.id),
        email: TEST_ADMIN.email,
        role: 'MANAGER',
        typ: 'access',
        aud: 'admin',
        tv: expect.any(Number),
      });
      expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);

      const answer = await me(bearer(access.value));
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toMatchObject({ id: body.data.user.id, email: TEST_ADMIN.email, role: 'MANAGER', active: 1 });
    });

    it('stores the refresh token only as its SHA-256 hash', async () => {
      const { refreshToken } = await session(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
      const rows = await t.app.db.selectFrom('refresh_tokens').select('token_hash').execute();
      expect(rows.map((row) => row.token_hash)).toContain(hashToken(refreshToken));
      expect(rows.map((row) => row.token_hash)).not.toContain(refreshToken);
    });

    it('answers the same 401 for a wrong password, an unknown account and a deactivated account', async () => {
      const inactive = await userWithToken(t.app, 'USER', 'inactive-password');
      await t.app.db.updateTable('users').set({ active: 0 }).where('id', '=', inactive.user.id).execute();
      const answers = [
        await login(t.app, TEST_ADMIN.email, 'wrong-password'),
        await login(t.app, 'nobody@example.com', 'wrong-password'),
        await login(t.app, inactive.user.email, 'inactive-password'),
      ];
      for (const response of answers) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: LOGIN_FAILED_MESSAGE });
        expect(response.cookies).toHaveLength(0);
      }
    });

    it('takes comparable time for unknown accounts (a dummy hash is checked)', async () => {
      const timed = async (email: string) => {
        const started = performance.now();
        await login(t.app, email, 'wrong-password');
        return performance.now() - started;
      };
      await timed('warm-up@example.com');
      let known = 0;
      let unknown = 0;
      for (let i = 0; i < 3; i++) {
        known += await timed(TEST_ADMIN.email);
        unknown += await timed(`unknown-${i}@example.com`);
      }
      // Without the dummy hash an unknown account answers in a couple of milliseconds, a known one in ~100 ms.
      expect(unknown).toBeGreaterThan(known * 0.4);
    });

    it.each([
      ['no body', undefined, ['email', 'password']],
      ['empty object', {}, ['email', 'password']],
      ['wrong types', { email: 42, password: { x: 1 } }, ['email', 'password']],
      ['not an e-mail', { email: 'manager', password: 'x' }, ['email']],
      ['empty password', { email: TEST_ADMIN.email, password: '' }, ['password']],
      ['overlong password', { email: TEST_ADMIN.email, password: 'x'.repeat(129) }, ['password']],
      ['overlong e-mail', { email: `${'a'.repeat(250)}@example.com`, password: 'x' }, ['email']],
      ['an array', [1, 2], ['_form']],
    ])('answers 400 with field errors for %s', async (_name, payload, fields) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/site/login', payload: payload as object, remoteAddress: freshIp() });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.message).toMatch(/[а-я]/);
      expect(Object.keys(body.errors).sort()).toEqual(fields);
      for (const messages of Object.values(body.errors as Record<string, string[]>)) expect(messages.join(' ')).toMatch(/[а-яА-Я]/);
    });

    it('answers 4xx, never 500, to malformed JSON and other content types', async () => {
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/site/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
        remoteAddress: freshIp(),
      });
      expect(broken.statusCode).toBe(400);
      const text = await t.app.inject({
        method: 'POST',
        url: '/api/site/login',
        headers: { 'content-type': 'text/plain' },
        payload: 'email=a',
        remoteAddress: freshIp(),
      });
      expect(text.statusCode).toBe(400);
      expect(text.json().errors).toHaveProperty('_form');
    });
  });

  describe('refresh', () => {
    it('rotates both cookies and answers the user; the old refresh token stops working', async () => {
      const first = await session(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
      const response = await refresh(t.app, first.refreshToken);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.user).toMatchObject({ email: TEST_ADMIN.email, role: 'MANAGER' });
      const access = cookieOf(response, 'access_token');
      const rotated = cookieOf(response, 'refresh_token');
      expect(access).toMatchObject({ path: '/', sameSite: 'Lax' });
      expect(access.httpOnly).toBeFalsy();
      expect(rotated).toMatchObject({ path: '/api/site', httpOnly: true });
      expect(rotated.value).not.toBe(first.refreshToken);
      expect((await me(bearer(access.value))).statusCode).toBe(200);

      const again = await refresh(t.app, first.refreshToken);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
      // Within the grace time (two tabs at once) the reuse only fails: the newer token still works.
      expect((await refresh(t.app, rotated.value)).statusCode).toBe(200);
    });

    it('revokes the whole family when a rotated token is used again later (stolen token)', async () => {
      const first = await session(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
      const second = cookieOf(await refresh(t.app, first.refreshToken), 'refresh_token').value;
      await t.app.db
        .updateTable('refresh_tokens')
        .set({ used_at: new Date(Date.now() - 60_000).toISOString() })
        .where('token_hash', '=', hashToken(first.refreshToken))
        .execute();
      expect((await refresh(t.app, first.refreshToken)).statusCode).toBe(401);
      expect((await refresh(t.app, second)).statusCode).toBe(401);
    });

    it('answers 401 and clears the cookies without a cookie, with garbage, or with an expired token', async () => {
      const expired = await session(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
      await t.app.db
        .updateTable('refresh_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashToken(expired.refreshToken))
        .execute();
      for (const token of [undefined, 'garbage', 'x'.repeat(43), expired.refreshToken]) {
        const response = await refresh(t.app, token);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
        expect(cookieOf(response, 'refresh_token').value).toBe('');
        expect(cookieOf(response, 'signed_in').value).toBe('');
      }
    });

    it('refuses a deactivated user', async () => {
      const user = await userWithToken(t.app, 'USER', 'refresh-password');
      const { refreshToken } = await session(t.app, user.user.email, 'refresh-password');
      await t.app.db.updateTable('users').set({ active: 0 }).where('id', '=', user.user.id).execute();
      expect((await refresh(t.app, refreshToken)).statusCode).toBe(401);
    });

    it('ignores a refresh token sent as the Bearer header or outside the cookie', async () => {
      const { refreshToken } = await session(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/site/refresh',
        headers: { authorization: `Bearer ${refreshToken}` },
        remoteAddress: freshIp(),
      });
      expect(response.statusCode).toBe(401);
      expect((await me(bearer(refreshToken))).statusCode).toBe(401);
    });
  });

  describe('logout', () => {
    it('needs the Bearer token', async () => {
      const { access } = await session(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/site/logout' });
      expect(anonymous.statusCode).toBe(401);
      // The access cookie alone is not enough: admin calls read the token from the header only.
      const cookieOnly = await t.app.inject({ method: 'POST', url: '/api/site/logout', cookies: { access_token: access } });
      expect(cookieOnly.statusCode).toBe(401);
      expect((await me(bearer(access))).statusCode).toBe(200);
    });

    it('ends every token of the user (all sessions) and clears the cookies', async () => {
      const user = await userWithToken(t.app, 'USER', 'logout-password');
      const one = await session(t.app, user.user.email, 'logout-password');
      const two = await session(t.app, user.user.email, 'logout-password');
      const response = await t.app.inject({ method: 'POST', url: '/api/site/logout', headers: one.headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { ok: true } });
      for (const name of ['access_token', 'refresh_token', 'signed_in']) {
        const cleared = cookieOf(response, name);
        expect(cleared.value).toBe('');
        expect(cleared.expires?.getTime() ?? 0).toBeLessThan(Date.now());
      }
      expect(cookieOf(response, 'refresh_token').path).toBe('/api/site');
      expect(cookieOf(response, 'access_token').path).toBe('/');

      for (const headers of [one.headers, two.headers, user.headers]) {
        const answer = await me(headers);
        expect(answer.statusCode).toBe(401);
        expect(answer.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
      }
      expect((await refresh(t.app, one.refreshToken)).statusCode).toBe(401);
      expect((await refresh(t.app, two.refreshToken)).statusCode).toBe(401);
      // A new login works again.
      expect((await me((await session(t.app, user.user.email, 'logout-password')).headers)).statusCode).toBe(200);
    });
  });

  describe('access tokens', () => {
    it('answers 401 with the expired message for an expired token', async () => {
      const { user } = await userWithToken(t.app, 'MANAGER');
      const response = await me(bearer(await expiredToken(user)));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: TOKEN_EXPIRED_MESSAGE });
      expect(TOKEN_EXPIRED_MESSAGE).toContain('token expired');
    });

    it('answers 401 (not the expired message) to every forged or malformed token', async () => {
      const { user } = await userWithToken(t.app, 'MANAGER');
      const tokens = await badTokens(user);
      expect(Object.keys(tokens).length).toBeGreaterThanOrEqual(8);
      for (const [name, token] of Object.entries({ ...tokens, empty: '', 'not a JWT': 'abc', 'basic auth': 'Basic Zm9vOmJhcg==' })) {
        const response = await me(name === 'basic auth' ? { authorization: token } : bearer(token));
        expect(response.statusCode, name).toBe(401);
        expect(response.json(), name).toEqual({ message: UNAUTHORIZED_MESSAGE });
      }
    });

    it('is refused after the user is deleted', async () => {
      const user = await userWithToken(t.app, 'USER');
      await t.app.db.deleteFrom('users').where('id', '=', user.user.id).execute();
      expect((await me(user.headers)).statusCode).toBe(401);
    });
  });
});

describe.each(await testDialects())('session cookies behind HTTPS on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { PUBLIC_URL: 'https://www.example.com' } });
  });
  afterAll(() => t.close());

  it('marks both cookies Secure, and the cleared ones too', async () => {
    const response = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(response.statusCode).toBe(200);
    expect(cookieOf(response, 'access_token')).toMatchObject({ secure: true, sameSite: 'Lax', path: '/' });
    expect(cookieOf(response, 'refresh_token')).toMatchObject({ secure: true, httpOnly: true, path: '/api/site' });
    const logout = await t.app.inject({ method: 'POST', url: '/api/site/logout', headers: bearer(cookieOf(response, 'access_token').value) });
    expect(cookieOf(logout, 'access_token').secure).toBe(true);
    expect(cookieOf(logout, 'refresh_token').secure).toBe(true);
  });
});
