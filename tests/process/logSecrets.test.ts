import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../lib/sessionCookies.js';
import { freePort } from '../helpers/process.js';
import { TEST_SETTINGS } from '../helpers/settings.js';

/** What one request to the running server answered: its status, its JSON (when it is JSON) and the cookies it set. */
interface Answer {
  status: number;
  json: unknown;
  cookies: Record<string, string>;
  bytes: number;
}

interface RequestOptions {
  body?: object;
  token?: string;
  cookie?: string;
}

/** The cookies a `Set-Cookie` list sets, by name, their values decoded as a browser sends them back. */
function cookiesOf(headers: Headers): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const line of headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    if (at > 0) cookies[pair.slice(0, at).trim()] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return cookies;
}

/** The `data` of an API answer, as the shape the test expects of it. */
function dataOf<T>(answer: Answer): T {
  return (answer.json as { data: T }).data;
}

/**
 * A production run of the built server, driven through HTTP as a site's first days would: the first start, signing in
 * with the right password and a wrong one, a preview link, a password change, a session refresh, two-factor
 * enrolment and a sign-in with a code, an encrypted backup downloaded, metrics scraped, the stop. Whatever reaches
 * the operator's log collector must not let anyone who reads it into the site: no password, signing secret, session,
 * preview link, second factor, backup key or metrics token appears in any line, and every line is JSON.
 */
describe('the log of a production run', () => {
  let child: ChildProcessWithoutNullStreams;
  let dataDir = '';
  let base = '';
  let stdout = '';
  let stderr = '';
  const email = 'boss@example.com';
  /** Every value that must never be logged, with what it is for the failure message. */
  const secrets: { what: string; value: string }[] = [];
  const keep = (what: string, value: string | undefined) => {
    expect(value, what).toBeTruthy();
    secrets.push({ what, value: value! });
    // A JWT's signature alone is as good as the token to whoever holds the rest of it: it must not appear either.
    const parts = value!.split('.');
    if (parts.length === 3 && parts.every((part) => /^[\w-]{10,}$/.test(part))) secrets.push({ what: `${what} (signature)`, value: parts[2]! });
  };
  const env = {
    JWT_SECRET: randomBytes(48).toString('base64url'),
    BACKUP_KEY: `backup key ${randomBytes(12).toString('hex')}`,
    METRICS_TOKEN: randomBytes(32).toString('hex'),
  };
  let password = '';
  let access = '';
  let refresh = '';

  async function call(method: string, url: string, options: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.body) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    const response = await fetch(`${base}${url}`, { method, headers, body: options.body ? JSON.stringify(options.body) : undefined });
    const buffer = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      json: type.includes('json') ? (JSON.parse(buffer.toString()) as unknown) : null,
      cookies: cookiesOf(response.headers),
      bytes: buffer.length,
    };
  }

  /** Takes the session cookies an answer set: the ones the browser holds from now on, and secrets of the log. */
  function takeSession(answer: Answer, what: string): void {
    access = answer.cookies[ACCESS_COOKIE] ?? '';
    refresh = answer.cookies[REFRESH_COOKIE] ?? '';
    keep(`access token (${what})`, access);
    keep(`refresh token (${what})`, refresh);
  }

  beforeAll(async () => {
    expect(existsSync('build/server/index.js'), 'run npm run build first (npm test does)').toBe(true);
    dataDir = await mkdtemp(path.join(tmpdir(), 'site-log-secrets-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    keep('JWT_SECRET', env.JWT_SECRET);
    keep('BACKUP_KEY', env.BACKUP_KEY);
    keep('METRICS_TOKEN', env.METRICS_TOKEN);
    child = spawn(process.execPath, ['build/server/index.js'], {
      env: {
        ...process.env,
        ...TEST_SETTINGS,
        ...env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_EMAIL: email,
        ADMIN_PASSWORD: '',
        // A site without any backup makes its first scheduled one at once.
        BACKUP_SCHEDULE: 'hourly',
      },
    });
    // Started once it has logged the whole line that says so, or ended.
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (/"msg":"site started"[^\n]*\n/.test(stdout)) resolve();
      });
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('exit', () => resolve());
    });
    expect(child.exitCode, stderr).toBeNull();
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('writes the first manager’s password into the data folder, and signs in with it, not with a wrong one', async () => {
    const [fileEmail, generated] = (await readFile(path.join(dataDir, 'first-manager-password.txt'), 'utf8')).split('\n');
    expect(fileEmail).toBe(email);
    password = generated ?? '';
    keep('first manager’s password', password);

    const wrongPassword = `${password.slice(0, -1)}${password.endsWith('x') ? 'y' : 'x'}`;
    keep('wrong password', wrongPassword);
    expect((await call('POST', '/api/site/login', { body: { email, password: wrongPassword } })).status).toBe(401);

    const signedIn = await call('POST', '/api/site/login', { body: { email, password } });
    expect(signedIn.status).toBe(200);
    takeSession(signedIn, 'first sign-in');
  });

  it('opens a preview link of a news item', async () => {
    const list = await call('GET', '/api/admin/news?sort=["id","DESC"]&range=[0,0]', { token: access });
    expect(list.status).toBe(200);
    const [item] = dataOf<{ id: number }[]>(list);
    const link = await call('POST', `/api/admin/news/preview/${item!.id}`, { token: access });
    expect(link.status).toBe(200);
    const { url } = dataOf<{ url: string }>(link);
    const token = new URL(url, base).searchParams.get('preview') ?? '';
    keep('preview token', token);
    expect((await call('GET', url)).status).toBe(200);
    // The same link forwarded with tracking parameters, and one whose signature was tampered with.
    const [pagePath] = url.split('?');
    expect((await call('GET', `${pagePath}?utm_source=mail&preview=${token}`)).status).toBe(200);
    expect((await call('GET', `${pagePath}?preview=${token}x`)).status).toBe(403);
  });

  it('changes the password (after one wrong current password) and refreshes the session', async () => {
    const newPassword = `Новый пароль ${randomBytes(9).toString('base64url')}`;
    keep('new password', newPassword);
    const wrongCurrent = `${password}?`;
    keep('wrong current password', wrongCurrent);
    const refused = await call('PUT', '/api/admin/account', { token: access, body: { password: newPassword, current_password: wrongCurrent } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const changed = await call('PUT', '/api/admin/account', { token: access, body: { password: newPassword, current_password: password } });
    expect(changed.status).toBe(200);
    password = newPassword;
    takeSession(changed, 'password change');

    const refreshed = await call('POST', '/api/site/refresh', { cookie: `${REFRESH_COOKIE}=${refresh}` });
    expect(refreshed.status).toBe(200);
    takeSession(refreshed, 'refresh');
  });

  it('enrols two-factor sign-in, then signs in with the password and a code', async () => {
    const setup = await call('POST', '/api/admin/account/2fa/setup', { token: access });
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl } = dataOf<{ secret: string; otpauthUrl: string }>(setup);
    keep('TOTP secret', secret);
    keep('otpauth address', otpauthUrl);
    const enabled = await call('POST', '/api/admin/account/2fa/enable', { token: access, body: { code: await generate({ secret }) } });
    expect(enabled.status).toBe(200);
    for (const code of dataOf<{ recoveryCodes: string[] }>(enabled).recoveryCodes) keep('recovery code', code);
    takeSession(enabled, '2FA enrolment');

    expect((await call('POST', '/api/site/logout', { token: access })).status).toBe(200);
    const challenged = await call('POST', '/api/site/login', { body: { email, password } });
    expect(challenged.status).toBe(200);
    const { challenge } = dataOf<{ challenge: string }>(challenged);
    keep('sign-in challenge', challenge);
    // The code of the next 30 s step: the enrolment used the current one, and a code is accepted once.
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const signedIn = await call('POST', '/api/site/login/2fa', { body: { challenge, code } });
    expect(signedIn.status).toBe(200);
    takeSession(signedIn, 'sign-in with a code');
  });

  it('downloads the scheduled backup, encrypted with BACKUP_KEY, confirming the password', async () => {
    const overview = () =>
      call('GET', '/api/admin/backups', { token: access }).then((answer) => dataOf<{ encrypted: boolean; archives: { name: string }[] }>(answer));
    await expect.poll(async () => (await overview()).archives.length, { timeout: 60_000 }).toBeGreaterThan(0);
    const { encrypted, archives } = await overview();
    expect(encrypted).toBe(true);
    const download = await call('POST', '/api/admin/backups/download', { token: access, body: { name: archives[0]!.name, password } });
    expect(download.status).toBe(200);
    expect(download.bytes).toBeGreaterThan(0);
  });

  it('answers metrics to the scraper with its token', async () => {
    const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${env.METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    await response.text();
  });

  it('stops, and its whole log is JSON lines that hold none of the run’s secrets', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const lines = [...stdout.split('\n'), ...stderr.split('\n')].filter((line) => line.trim() !== '');
    for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    // The log is the one of this run: the requests above are in it, the preview's address with its token hidden.
    expect(stdout).toContain('"msg":"site started"');
    expect(stdout).toContain('"url":"/api/site/login/2fa"');
    expect(stdout).toMatch(/"url":"\/[^"]*\?preview=\[hidden\]"/);
    expect(secrets.length).toBeGreaterThan(25);
    // Each secret as written, as a JSON string holds it and as an address carries it.
    const spellings = (value: string) => [...new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)])];
    const leaks = secrets.flatMap(({ what, value }) =>
      lines.filter((line) => spellings(value).some((spelling) => line.includes(spelling))).map((line) => `${what}: ${line}`),
    );
    expect(leaks).toEqual([]);
  });
});
