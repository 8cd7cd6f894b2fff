import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FAILURE_LIMIT, ACCOUNT_FAILURE_WINDOW_MS, LOGIN_FAILED_ACTION } from '../../server/auth/loginAttempts.js';
import { TWO_FACTOR_MESSAGES } from '../../server/auth/twoFactor.js';
import { RATE_LIMITED_MESSAGE } from '../../server/routes/auth.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { bearer, login } from './auth-helpers.js';

/** Requests sent at the same moment, more than the limit allows. */
const PARALLEL = 20;

/** The TOTP code of the secret `offset` steps of 30 s from now, as an authenticator app would show it. */
const totp = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** A six-digit code that is none of the codes the secret accepts right now (one step of drift either way). */
async function wrongCode(secret: string): Promise<string> {
  const valid = new Set([await totp(secret, -1), await totp(secret), await totp(secret, 1)]);
  return ['000000', '111111', '222222', '333333'].find((code) => !valid.has(code)) ?? '444444';
}

interface Answer {
  status: number;
  body: { message?: string; errors?: Record<string, string[]>; data?: Record<string, unknown> };
}

/** How a burst of parallel requests was answered: wrong password or code (checked), 429 (not checked), anything else. */
interface Burst {
  checked: number;
  limited: number;
  other: number[];
}

describe.each(await testDialects())('5. Medium — the per-account password limit holds for password confirmations on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // A real listening port: the requests really arrive at the same moment, each on its own connection.
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  async function send(method: 'PUT' | 'POST', url: string, headers: Record<string, string>, payload?: object): Promise<Answer> {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  /** Sends the same request PARALLEL times at once; a wrong password or code answers `wrongStatus`. */
  async function burst(wrongStatus: number, request: () => Promise<Answer>): Promise<Burst> {
    const answers = await Promise.all(Array.from({ length: PARALLEL }, request));
    for (const answer of answers.filter((item) => item.status === 429)) expect(answer.body).toEqual({ message: RATE_LIMITED_MESSAGE });
    return {
      checked: answers.filter((answer) => answer.status === wrongStatus).length,
      limited: answers.filter((answer) => answer.status === 429).length,
      other: answers.map((answer) => answer.status).filter((status) => status !== wrongStatus && status !== 429),
    };
  }

  /** At most the limit was checked (each check left one failure in the audit log); every other request got 429. */
  async function expectHeld(result: Burst, email: string): Promise<void> {
    expect(result.other).toEqual([]);
    expect(result.checked).toBeLessThanOrEqual(ACCOUNT_FAILURE_LIMIT);
    expect(result.checked).toBeGreaterThan(0);
    expect(result.limited).toBe(PARALLEL - result.checked);
    expect(await failuresOf(email)).toBe(result.checked);
  }

  async function failuresOf(email: string): Promise<number> {
    const rows = await t.app.db.selectFrom('audit_log').select('id').where('user_email', '=', email).where('action', '=', LOGIN_FAILED_ACTION).execute();
    return rows.length;
  }

  /** Lets the window pass for the account: its failures move back beyond it. */
  async function passWindow(email: string): Promise<void> {
    const past = new Date(Date.now() - ACCOUNT_FAILURE_WINDOW_MS - 60_000).toISOString();
    // The audit log is never rewritten by the application (its creation time cannot be set through the schema).
    await sql`update audit_log set created_at = ${past} where user_email = ${email} and action = ${LOGIN_FAILED_ACTION}`.execute(t.app.db);
  }

  const updateProfile = (headers: Record<string, string>, currentPassword: string, name = 'Новое имя') =>
    send('PUT', '/api/admin/account', headers, { name, current_password: currentPassword });

  /** A new account with two-factor sign-in: its secret and a session with fresh cookies after enrolment. */
  async function enrolledUser() {
    const user = await userWithToken(t.app, 'USER');
    const secret = await startSetup(user.headers);
    const enable = await fetch(`${base}/api/admin/account/2fa/enable`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ code: await totp(secret) }),
    });
    expect(enable.status).toBe(200);
    const access = /(?:^|\s)access_token=([^;]+)/.exec(enable.headers.getSetCookie().join('\n'))?.[1] ?? '';
    expect(access).not.toBe('');
    return { ...user, secret, headers: bearer(access) };
  }

  async function startSetup(headers: Record<string, string>): Promise<string> {
    const setup = await send('POST', '/api/admin/account/2fa/setup', headers);
    expect(setup.status).toBe(200);
    return String(setup.body.data?.secret);
  }

  it(`20 parallel profile updates with a wrong current password: at most ${ACCOUNT_FAILURE_LIMIT} checked, the rest 429`, async () => {
    const user = await userWithToken(t.app, 'USER');
    await expectHeld(await burst(400, () => updateProfile(user.headers, 'wrong-password')), user.user.email);
    const row = await t.app.db.selectFrom('users').select('name').where('id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(row.name).toBe(user.user.name);
  });

  it(`20 parallel 2FA disables with a wrong password: at most ${ACCOUNT_FAILURE_LIMIT} checked, the rest 429`, async () => {
    const user = await enrolledUser();
    await expectHeld(await burst(400, () => send('POST', '/api/admin/account/2fa/disable', user.headers, { password: 'wrong-password' })), user.user.email);
    const row = await t.app.db.selectFrom('users').select('two_factor').where('id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(row.two_factor).toBe(1);
  });

  it(`20 parallel recovery-code renewals with a wrong password: at most ${ACCOUNT_FAILURE_LIMIT} checked, the rest 429`, async () => {
    const user = await enrolledUser();
    await expectHeld(
      await burst(400, () => send('POST', '/api/admin/account/2fa/recovery-codes', user.headers, { password: 'wrong-password' })),
      user.user.email,
    );
  });

  it(`20 parallel 2FA enrolments with a wrong code: at most ${ACCOUNT_FAILURE_LIMIT} checked, the rest 429`, async () => {
    const user = await userWithToken(t.app, 'USER');
    const secret = await startSetup(user.headers);
    const code = await wrongCode(secret);
    await expectHeld(await burst(400, () => send('POST', '/api/admin/account/2fa/enable', user.headers, { code })), user.user.email);
    const row = await t.app.db.selectFrom('users').select('two_factor').where('id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(row.two_factor).toBe(0);
  });

  it('password confirmations and sign-in share one count: past it even the right password is refused, until the window passes', async () => {
    const user = await userWithToken(t.app, 'USER');
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i++) expect((await updateProfile(user.headers, `wrong-${i}`)).status).toBe(400);
    expect((await login(t.app, user.user.email, 'wrong-at-sign-in')).statusCode).toBe(401);

    const locked = await updateProfile(user.headers, user.password);
    expect(locked).toEqual({ status: 429, body: { message: RATE_LIMITED_MESSAGE } });
    expect((await send('POST', '/api/admin/account/2fa/setup', user.headers)).status).toBe(200);
    expect((await login(t.app, user.user.email, user.password)).statusCode).toBe(429);
    expect(await failuresOf(user.user.email)).toBe(ACCOUNT_FAILURE_LIMIT);

    await passWindow(user.user.email);
    const accepted = await updateProfile(user.headers, user.password, 'После окна');
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ name: 'После окна' });
  });

  it('a right confirmation starts the count anew, as a successful sign-in does', async () => {
    const user = await enrolledUser();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i++) {
        const wrong = await send('POST', '/api/admin/account/2fa/recovery-codes', user.headers, { password: `wrong-${round}-${i}` });
        expect(wrong).toEqual({ status: 400, body: { message: TWO_FACTOR_MESSAGES.wrongPassword, errors: { password: [TWO_FACTOR_MESSAGES.wrongPassword] } } });
      }
      const right = await send('POST', '/api/admin/account/2fa/recovery-codes', user.headers, { password: user.password });
      expect(right.status).toBe(200);
    }
    // The password step of sign-in still works: the count was started anew by the right confirmation.
    expect((await login(t.app, user.user.email, user.password)).statusCode).toBe(200);
  });
});
