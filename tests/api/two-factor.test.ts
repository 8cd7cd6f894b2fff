import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAUTHORIZED_MESSAGE } from '../../server/auth/guard.js';
import { ACCOUNT_FAILURE_LIMIT } from '../../server/auth/loginAttempts.js';
import { matchTotp, newTotpSecret, RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES } from '../../server/auth/twoFactor.js';
import { ACCOUNT_MESSAGES } from '../../server/routes/account.js';
import { RATE_LIMITED_MESSAGE } from '../../server/routes/auth.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { runNpmScript } from '../helpers/process.js';
import { bearer, cookieOf, freshIp, login, session } from './auth-helpers.js';

/** The TOTP code of the secret `offset` steps of 30 s from now, as an authenticator app would show it. */
const totp = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

interface Enrolled {
  secret: string;
  recoveryCodes: string[];
  headers: { authorization: string };
  access: string;
}

describe('TOTP check (server/auth/twoFactor.ts)', () => {
  it('accepts one step of clock drift either way, refuses two, and never a step not newer than the last used', async () => {
    // A fixed moment, so that no step boundary passes during the test.
    const now = Date.UTC(2026, 0, 15, 9, 0, 10);
    const secret = newTotpSecret();
    const at = (offset: number) => generate({ secret, epoch: Math.floor(now / 1000) + offset * 30 });
    const step = Math.floor(now / 30_000);
    expect(await matchTotp(secret, await at(0), null, now)).toBe(step);
    expect(await matchTotp(secret, await at(-1), null, now)).toBe(step - 1);
    expect(await matchTotp(secret, await at(1), null, now)).toBe(step + 1);
    expect(await matchTotp(secret, await at(-2), null, now)).toBeNull();
    expect(await matchTotp(secret, await at(2), null, now)).toBeNull();
    expect(await matchTotp(secret, await at(0), step, now)).toBeNull();
    expect(await matchTotp(secret, await at(-1), step, now)).toBeNull();
    expect(await matchTotp(secret, await at(1), step, now)).toBe(step + 1);
    expect(await matchTotp(secret, ` ${(await at(0)).slice(0, 3)} ${(await at(0)).slice(3)} `, null, now)).toBe(step);
    expect(await matchTotp(secret, 'abcdef', null, now)).toBeNull();
  });
});

describe.each(await testDialects())('two-factor sign-in on %s', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    app = t.app;
  });
  afterAll(() => t.close());

  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method: 'POST', url, headers, remoteAddress: freshIp(), ...(payload ? { payload } : {}) });
  const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
  const loginCode = (challenge: string, code: string) =>
    app.inject({ method: 'POST', url: '/api/site/login/2fa', payload: { challenge, code }, remoteAddress: freshIp() });

  /** Lets time pass for the account: its last used step goes back, so the current codes are new to it again. */
  const forgetUsedSteps = async (userId: number) => {
    await app.db
      .updateTable('users')
      .set({ totp_last_step: Math.floor(Date.now() / 30_000) - 5 })
      .where('id', '=', userId)
      .execute();
  };

  async function enrol(headers: Record<string, string>): Promise<Enrolled> {
    const setup = await post('/api/admin/account/2fa/setup', headers);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().data as { secret: string };
    const enable = await post('/api/admin/account/2fa/enable', headers, { code: await totp(secret) });
    expect(enable.statusCode).toBe(200);
    const access = cookieOf(enable, 'access_token').value;
    return { secret, recoveryCodes: enable.json().data.recoveryCodes as string[], headers: bearer(access), access };
  }

  /** Password, then a code: the session of an account with two-factor sign-in. */
  async function signIn(email: string, password: string, code: string) {
    const first = await login(app, email, password);
    expect(first.statusCode).toBe(200);
    return loginCode(first.json().data.challenge as string, code);
  }

  it('enrols with a code of the returned secret, and then a password alone yields no session; password and code do', async () => {
    const user = await userWithToken(app, 'USER');
    expect((await get('/api/admin/me', user.headers)).json().data).toMatchObject({ two_factor: 0 });

    const setup = await post('/api/admin/account/2fa/setup', user.headers);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json().data as { secret: string; otpauthUrl: string; qrCode: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe(t.config.brand);
    expect(decodeURIComponent(otpauthUrl)).toContain(`${t.config.brand}:${user.user.email}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    // Not enrolled until a valid code is entered.
    const wrong = await post('/api/admin/account/2fa/enable', user.headers, { code: '000000' === (await totp(secret)) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: TWO_FACTOR_MESSAGES.invalidCode, errors: { code: [TWO_FACTOR_MESSAGES.invalidCode] } });
    expect((await get('/api/admin/me', user.headers)).json().data.two_factor).toBe(0);

    const enable = await post('/api/admin/account/2fa/enable', user.headers, { code: await totp(secret) });
    expect(enable.statusCode).toBe(200);
    const codes = enable.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await app.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.user.id).execute();
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    expect(stored.map((row) => row.code_hash)).not.toEqual(expect.arrayContaining([codes[0]]));

    // Turning 2FA on ends the other sessions (the old token) and gives this one fresh cookies.
    expect((await get('/api/admin/me', user.headers)).statusCode).toBe(401);
    const fresh = bearer(cookieOf(enable, 'access_token').value);
    expect(cookieOf(enable, 'refresh_token').httpOnly).toBe(true);
    expect((await get('/api/admin/me', fresh)).json().data).toMatchObject({ id: user.user.id, two_factor: 1 });
    const account = (await get('/api/admin/account', fresh)).json().data;
    expect(account).toMatchObject({ two_factor: 1, two_factor_required: 0, recovery_codes_left: RECOVERY_CODE_COUNT });
    expect(JSON.stringify(account)).not.toContain(secret);
    const audit = await app.db.selectFrom('audit_log').select('action').where('user_id', '=', user.user.id).execute();
    expect(audit.map((row) => row.action)).toContain('2fa-enable');
    expect((await post('/api/admin/account/2fa/setup', fresh)).statusCode).toBe(409);

    expect((await post('/api/site/logout', fresh)).statusCode).toBe(200);

    const passwordOnly = await login(app, user.user.email, user.password);
    expect(passwordOnly.statusCode).toBe(200);
    expect(passwordOnly.json()).toEqual({ data: { twoFactor: true, challenge: expect.stringMatching(/^[\w-]{43}$/) } });
    expect(passwordOnly.cookies).toHaveLength(0);

    const challenge = passwordOnly.json().data.challenge as string;
    const code = await totp(secret, 1);
    const second = await loginCode(challenge, code);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ data: { user: { id: user.user.id, email: user.user.email, name: user.user.name, role: 'USER' } } });
    const signedIn = bearer(cookieOf(second, 'access_token').value);
    expect(cookieOf(second, 'refresh_token').value).toMatch(/^[\w-]{43}$/);
    expect((await get('/api/admin/me', signedIn)).statusCode).toBe(200);

    // The challenge worked once.
    expect((await loginCode(challenge, await totp(secret, 1))).json()).toEqual({ message: TWO_FACTOR_MESSAGES.challengeExpired });
    // The same code is never accepted twice, even with a new challenge.
    const again = await signIn(user.user.email, user.password, code);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    expect(again.cookies).toHaveLength(0);
    // Once time has moved on (simulated), the account's current code works again.
    await forgetUsedSteps(user.user.id);
    expect((await signIn(user.user.email, user.password, await totp(secret, 1))).statusCode).toBe(200);
  });

  it('accepts each recovery code once, and using one ends the account’s other sessions', async () => {
    const user = await userWithToken(app, 'USER');
    const enrolled = await enrol(user.headers);
    const [recovery, other] = enrolled.recoveryCodes as [string, string];

    const used = await signIn(user.user.email, user.password, recovery.toUpperCase().replace('-', ' '));
    expect(used.statusCode).toBe(200);
    const current = bearer(cookieOf(used, 'access_token').value);
    expect((await get('/api/admin/me', current)).statusCode).toBe(200);
    expect((await get('/api/admin/me', enrolled.headers)).json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
    expect((await get('/api/admin/account', current)).json().data.recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);

    const reused = await signIn(user.user.email, user.password, recovery);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(TWO_FACTOR_MESSAGES.invalidCode);

    // Regenerated codes replace the old ones (the password is asked again).
    const badPassword = await post('/api/admin/account/2fa/recovery-codes', current, { password: 'not-the-password' });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().errors).toEqual({ password: [TWO_FACTOR_MESSAGES.wrongPassword] });
    const regenerated = await post('/api/admin/account/2fa/recovery-codes', current, { password: user.password });
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json().data.recoveryCodes as string[];
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await signIn(user.user.email, user.password, other)).statusCode).toBe(401);
    expect((await signIn(user.user.email, user.password, fresh[0] ?? '')).statusCode).toBe(200);
  });

  it('counts wrong codes toward the same per-account limit as wrong passwords (429)', async () => {
    const user = await userWithToken(app, 'USER');
    const enrolled = await enrol(user.headers);
    const first = await login(app, user.user.email, user.password);
    const challenge = first.json().data.challenge as string;
    const good = await totp(enrolled.secret, 1);
    const wrong = good === '123456' ? '654321' : '123456';
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      const answer = await loginCode(challenge, wrong);
      expect(answer.statusCode).toBe(401);
    }
    const failures = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('user_email', '=', user.user.email)
      .where('action', '=', 'login-failed')
      .execute();
    expect(failures).toHaveLength(ACCOUNT_FAILURE_LIMIT);

    const locked = await loginCode(challenge, good);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: RATE_LIMITED_MESSAGE });
    expect(locked.cookies).toHaveLength(0);
    const password = await login(app, user.user.email, user.password);
    expect(password.statusCode).toBe(429);
  });

  it('mixes wrong passwords and wrong codes in one count; a password alone does not reset it', async () => {
    const user = await userWithToken(app, 'USER');
    const enrolled = await enrol(user.headers);
    for (let i = 0; i < 2; i++) expect((await login(app, user.user.email, 'wrong-password')).statusCode).toBe(401);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 2; i++) {
      // Each round starts with the right password; the count goes on regardless.
      expect((await signIn(user.user.email, user.password, '000001')).statusCode).toBe(401);
    }
    expect((await login(app, user.user.email, user.password)).statusCode).toBe(429);
    expect(enrolled.secret).toBeTruthy();
  });

  it('lets the account turn 2FA off with its password, with fresh cookies for this session', async () => {
    const user = await userWithToken(app, 'USER');
    const enrolled = await enrol(user.headers);
    const other = await signIn(user.user.email, user.password, await totp(enrolled.secret, 1));
    const otherHeaders = bearer(cookieOf(other, 'access_token').value);

    const wrong = await post('/api/admin/account/2fa/disable', enrolled.headers, { password: 'wrong-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: TWO_FACTOR_MESSAGES.wrongPassword, errors: { password: [TWO_FACTOR_MESSAGES.wrongPassword] } });
    const missing = await post('/api/admin/account/2fa/disable', enrolled.headers, {});
    expect(missing.statusCode).toBe(400);

    const off = await post('/api/admin/account/2fa/disable', enrolled.headers, { password: user.password });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ two_factor: 0, recovery_codes_left: 0 });
    const fresh = bearer(cookieOf(off, 'access_token').value);
    expect((await get('/api/admin/me', fresh)).statusCode).toBe(200);
    expect((await get('/api/admin/me', otherHeaders)).statusCode).toBe(401);
    expect((await get('/api/admin/me', enrolled.headers)).statusCode).toBe(401);
    const row = await app.db.selectFrom('users').select(['totp_secret', 'two_factor']).where('id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_secret: null, two_factor: 0 });
    expect((await login(app, user.user.email, user.password)).json().data.user).toMatchObject({ id: user.user.id });
  });

  it('changes e-mail and password on the profile only with the current password, the display name without it', async () => {
    const user = await userWithToken(app, 'USER');
    const wrong = await app.inject({
      method: 'PUT',
      url: '/api/admin/account',
      headers: user.headers,
      payload: { name: 'Новое имя', current_password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ current_password: [TWO_FACTOR_MESSAGES.wrongPassword] });
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/admin/account',
      headers: user.headers,
      payload: { email: `other-${user.user.id}@example.com` },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ current_password: ['Введите текущий пароль: он нужен, чтобы сменить электронную почту или пароль.'] });
    const nameOnly = await app.inject({ method: 'PUT', url: '/api/admin/account', headers: user.headers, payload: { name: 'Только имя' } });
    expect(nameOnly.statusCode, nameOnly.body).toBe(200);
    expect(nameOnly.json().data).toMatchObject({ name: 'Только имя', email: user.user.email });

    const email = `renamed-${user.user.id}@example.com`;
    const renamed = await app.inject({
      method: 'PUT',
      url: '/api/admin/account',
      headers: user.headers,
      payload: { name: 'Новое имя', email, password: '', current_password: user.password },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Новое имя', email, two_factor: 0 });
    expect(renamed.cookies).toHaveLength(0);

    const changed = await app.inject({
      method: 'PUT',
      url: '/api/admin/account',
      headers: user.headers,
      payload: { password: 'a-new-long-password', current_password: user.password },
    });
    expect(changed.statusCode).toBe(200);
    // A new password ends the other sessions; this one goes on with fresh cookies.
    expect((await get('/api/admin/me', user.headers)).statusCode).toBe(401);
    expect((await get('/api/admin/me', bearer(cookieOf(changed, 'access_token').value))).statusCode).toBe(200);
    expect((await login(app, email, 'a-new-long-password')).statusCode).toBe(200);
  });

  it('lets a MANAGER reset another account’s 2FA (audited) and shows who has it in the users list', async () => {
    const manager = await session(app, TEST_ADMIN.email, TEST_ADMIN.password);
    const user = await userWithToken(app, 'USER');
    const enrolled = await enrol(user.headers);

    const list = await get(`/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ id: [user.user.id] }))}`, manager.headers);
    expect(list.json().data).toEqual([expect.objectContaining({ id: user.user.id, two_factor: 1 })]);

    const colleague = await userWithToken(app, 'USER');
    const refused = await post(`/api/admin/users/${user.user.id}/reset-2fa`, colleague.headers);
    expect(refused.statusCode).toBe(403);

    const reset = await post(`/api/admin/users/${user.user.id}/reset-2fa`, manager.headers);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toMatchObject({ id: user.user.id, two_factor: 0 });
    expect((await get('/api/admin/me', enrolled.headers)).statusCode).toBe(401);
    const audit = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'reset-2fa')
      .where('record_id', '=', String(user.user.id))
      .executeTakeFirst();
    expect(audit).toMatchObject({ resource: 'users', user_email: TEST_ADMIN.email });
    // Signs in with the password alone again.
    expect(cookieOf(await login(app, user.user.email, user.password), 'access_token').value).toBeTruthy();

    expect((await post(`/api/admin/users/${user.user.id}/reset-2fa`, manager.headers)).statusCode).toBe(409);
    const self = await app.db.selectFrom('users').select('id').where('email', '=', TEST_ADMIN.email).executeTakeFirstOrThrow();
    expect((await post(`/api/admin/users/${self.id}/reset-2fa`, manager.headers)).json()).toEqual({ message: ACCOUNT_MESSAGES.selfReset });
    expect((await post('/api/admin/users/99999999999/reset-2fa', manager.headers)).statusCode).toBe(404);
  });

  it('with "require 2FA" on, a non-enrolled account reaches nothing but its enrolment until it enrols', async () => {
    const manager = await userWithToken(app, 'MANAGER');
    const settings = (headers: Record<string, string>, payload: object) => app.inject({ method: 'PUT', url: '/api/admin/settings/security', headers, payload });

    expect((await get('/api/admin/settings/security', manager.headers)).json()).toEqual({ data: { require_two_factor: 0 } });
    // The MANAGER who turns it on must have it first.
    const early = await settings(manager.headers, { require_two_factor: 1 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ACCOUNT_MESSAGES.enrolFirst);
    const enrolledManager = await enrol(manager.headers);
    const editor = await userWithToken(app, 'USER');
    expect((await settings(editor.headers, { require_two_factor: 1 })).statusCode).toBe(403);
    expect((await settings(enrolledManager.headers, { require_two_factor: 'yes' })).statusCode).toBe(400);
    const on = await settings(enrolledManager.headers, { require_two_factor: 1 });
    expect(on.json()).toEqual({ data: { require_two_factor: 1 } });

    try {
      // The password step answers a session marked for enrolment.
      const first = await login(app, editor.user.email, editor.password);
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({ user: { id: editor.user.id }, twoFactorSetupRequired: true });
      const headers = bearer(cookieOf(first, 'access_token').value);

      for (const url of ['/api/admin/news', '/api/admin/media-video', '/api/admin/photobank-groups']) {
        const refused = await get(url, headers);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: TWO_FACTOR_MESSAGES.enrolmentRequired });
      }
      const write = await post('/api/admin/media-other/add', headers, { title: 'x', url: 'https://example.com', public_at: new Date().toISOString() });
      expect(write.statusCode).toBe(403);
      expect((await get('/api/admin/me', headers)).statusCode).toBe(200);
      expect((await get('/api/admin/account', headers)).json().data).toMatchObject({ two_factor: 0, two_factor_required: 1 });

      const enrolled = await enrol(headers);
      expect((await get('/api/admin/news', enrolled.headers)).statusCode).toBe(200);
      // An enrolled MANAGER works as before.
      expect((await get('/api/admin/users', enrolledManager.headers)).statusCode).toBe(200);
      // Sign-out stays open to an account that has not enrolled.
      const other = await userWithToken(app, 'USER');
      expect((await post('/api/site/logout', other.headers)).statusCode).toBe(200);
    } finally {
      expect((await settings(enrolledManager.headers, { require_two_factor: 0 })).statusCode).toBe(200);
    }
    const editorAgain = await userWithToken(app, 'USER');
    expect((await get('/api/admin/news', editorAgain.headers)).statusCode).toBe(200);
    const audit = await app.db.selectFrom('audit_log').select('action').where('resource', '=', 'settings').execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('resets 2FA from the command line (npm run user -- reset-2fa), audited with ip cli', async () => {
    const user = await userWithToken(app, 'USER');
    const enrolled = await enrol(user.headers);
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    if (t.config.databaseUrl) env.DATABASE_URL = t.config.databaseUrl;
    const run = await runNpmScript('user', ['reset-2fa', '--email', user.user.email], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(user.user.email);
    const row = await app.db.selectFrom('users').select(['two_factor', 'totp_secret']).where('id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ two_factor: 0, totp_secret: null });
    expect((await get('/api/admin/me', enrolled.headers)).statusCode).toBe(401);
    const audit = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'reset-2fa').where('ip', '=', 'cli').execute();
    expect(audit).toEqual([expect.objectContaining({ resource: 'users', record_id: String(user.user.id), user_email: 'cli' })]);
    expect(cookieOf(await login(app, user.user.email, user.password), 'access_token').value).toBeTruthy();
  });
});
