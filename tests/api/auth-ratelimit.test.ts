import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/refreshTokens.js';
import { LIMITS, RATE_LIMITED_MESSAGE } from '../../server/routes/auth.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { cookieOf, freshIp, login, refresh, session } from './auth-helpers.js';

describe.each(await testDialects())('login and refresh rate limits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const post = (payload: unknown, ip: string) => t.app.inject({ method: 'POST', url: '/api/site/login', payload: payload as object, remoteAddress: ip });

  const expectLimited = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: RATE_LIMITED_MESSAGE });
  };

  it('limits logins per IP, however the body changes', async () => {
    const { user, password } = await userWithToken(t.app, 'USER', 'per-ip-password');
    const ip = freshIp();
    const bodies: unknown[] = [
      { email: user.email, password: 'wrong-1' },
      { email: user.email, password: 'wrong-2', extra: 'field' },
      { email: 'other-1@example.com', password: 'x' },
      { email: 'other-2@example.com', password: 'y', remember: true },
      { email: 'not-an-email', password: 'x' },
      {},
      { email: user.email.toUpperCase(), password: 'wrong-3' },
      { email: 'other-3@example.com', password: 'z', padding: 'p'.repeat(1000) },
      [1, 2, 3],
      { email: 'other-4@example.com', password: 'w' },
    ];
    expect(bodies).toHaveLength(LIMITS.loginPerIp.limit);
    for (const body of bodies) expect((await post(body, ip)).statusCode).not.toBe(429);
    // Even the right password is refused from this address now…
    expectLimited(await login(t.app, user.email, password, ip));
    expectLimited(await post({ email: 'fresh@example.com', password: 'new', anything: 1 }, ip));
    // …while another address still logs in.
    expect((await login(t.app, user.email, password, freshIp())).statusCode).toBe(200);
  });

  it('does not let a forged X-Forwarded-For header reset the per-IP limit (TRUST_PROXY is off by default)', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.loginPerIp.limit; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/site/login',
        payload: { email: `forged-${i}@example.com`, password: 'x' },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      expect(response.statusCode).not.toBe(429);
    }
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/site/login',
      payload: { email: 'forged-last@example.com', password: 'x' },
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '198.51.100.77' },
    });
    expectLimited(forged);
  });

  it('limits failed logins per account across addresses; e-mail case, spaces and extra fields do not reset it', async () => {
    const { user, password } = await userWithToken(t.app, 'USER', 'per-account-password');
    const variants = [
      { email: user.email, password: 'wrong-1' },
      { email: user.email.toUpperCase(), password: 'wrong-2' },
      { email: ` ${user.email} `, password: 'wrong-3', extra: 1 },
      { email: user.email, password: 'wrong-4', otherField: 'x' },
      { email: user.email, password: 'wrong-5' },
    ];
    for (const body of variants) expect((await post(body, freshIp())).statusCode).toBe(401);
    expectLimited(await login(t.app, user.email, password, freshIp()));
    expectLimited(await post({ email: user.email, password, totp: '123456' }, freshIp()));
    // Another account is not affected.
    const other = await userWithToken(t.app, 'USER', 'other-account-password');
    expect((await login(t.app, other.user.email, 'other-account-password', freshIp())).statusCode).toBe(200);
  });

  it('limits unknown accounts exactly like known ones (the 429 does not reveal an account)', async () => {
    for (let i = 0; i < 5; i++) expect((await post({ email: 'ghost@example.com', password: `wrong-${i}` }, freshIp())).statusCode).toBe(401);
    expectLimited(await post({ email: 'ghost@example.com', password: 'anything' }, freshIp()));
  });

  it('starts the failure count anew after a successful login', async () => {
    const { user, password } = await userWithToken(t.app, 'USER', 'reset-count-password');
    for (let i = 0; i < 4; i++) expect((await login(t.app, user.email, `wrong-${i}`)).statusCode).toBe(401);
    expect((await login(t.app, user.email, password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(t.app, user.email, `wrong-again-${i}`)).statusCode).toBe(401);
    expect((await login(t.app, user.email, password)).statusCode).toBe(200);
  });

  it('limits refreshes per IP, with or without a body', async () => {
    const { user } = await userWithToken(t.app, 'USER', 'refresh-ip-password');
    const { refreshToken } = await session(t.app, user.email, 'refresh-ip-password');
    const ip = freshIp();
    for (let i = 0; i < LIMITS.refreshPerIp.limit; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/site/refresh',
        remoteAddress: ip,
        cookies: { refresh_token: `garbage-${i}` },
        ...(i % 2 ? { payload: { attempt: i } } : {}),
      });
      expect(response.statusCode).toBe(401);
    }
    expectLimited(await refresh(t.app, refreshToken, ip));
    // The refused request did not use the token up: it still works from elsewhere.
    expect((await refresh(t.app, refreshToken, freshIp())).statusCode).toBe(200);
  });

  it('limits refreshes per account across addresses, without using the token up', async () => {
    const { user } = await userWithToken(t.app, 'USER', 'refresh-account-password');
    let token = (await session(t.app, user.email, 'refresh-account-password')).refreshToken;
    for (let i = 0; i < LIMITS.refreshPerAccount.limit; i++) {
      const response = await refresh(t.app, token, freshIp());
      expect(response.statusCode).toBe(200);
      token = cookieOf(response, 'refresh_token').value;
    }
    expectLimited(await refresh(t.app, token, freshIp()));
    const row = await t.app.db.selectFrom('refresh_tokens').select('used_at').where('token_hash', '=', hashToken(token)).executeTakeFirst();
    expect(row).toEqual({ used_at: null });
  });
});
