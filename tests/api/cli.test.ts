import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { verifyPassword } from '../../server/auth/passwords.js';
import { loadConfig } from '../../server/config.js';
import { createPostgresDatabase, testDialects } from '../helpers/databases.js';
import { runNpmScript, type CommandRun } from '../helpers/process.js';
import { TEST_SETTINGS } from '../helpers/settings.js';
import { login } from './auth-helpers.js';

describe.each(await testDialects())('npm run user (server/cli/user.ts) on %s', (dialect) => {
  let dataDir: string;
  let postgres: { url: string; drop: () => Promise<void> } | null = null;
  let app: FastifyInstance | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'site-cli-'));
    postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
  });
  afterAll(async () => {
    await app?.close();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const env = () => {
    const base: NodeJS.ProcessEnv = { ...process.env, ...TEST_SETTINGS, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    delete base.DATABASE_URL;
    if (postgres) base.DATABASE_URL = postgres.url;
    return base;
  };

  const cli = (args: string[], input?: string): Promise<CommandRun> => runNpmScript('user', args, env(), input);

  /** The server on the same database, to check what the tool did (and that the accounts can log in). */
  const server = async (): Promise<FastifyInstance> => {
    app ??= await buildApp(loadConfig({ ...env(), SEED_DEMO: '0', JWT_SECRET: 'cli-test-secret-long-enough-for-hs256' }), { logger: false });
    return app;
  };
  const row = async (email: string) => (await server()).db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  it('creates a MANAGER with a given password (e-mail normalised), and it can log in', async () => {
    const run = await cli(['create', '--email', 'Boss@Example.com', '--name', 'Главный', '--role', 'MANAGER', '--password', 'boss-password-1']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Created MANAGER boss@example\.com \(id \d+\)/);
    expect(run.stdout).not.toContain('boss-password-1');
    const user = await row('boss@example.com');
    expect(user).toMatchObject({ name: 'Главный', role: 'MANAGER', active: 1 });
    expect(user?.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('boss-password-1', user?.password_hash ?? '')).toBe(true);
    expect((await login(await server(), 'boss@example.com', 'boss-password-1')).statusCode).toBe(200);
  });

  it('creates a USER by default with a generated password printed once', async () => {
    const run = await cli(['create', '--email', 'editor@example.com']);
    expect(run.code).toBe(0);
    const password = /Password: (\S+)/.exec(run.stdout)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(await row('editor@example.com')).toMatchObject({ role: 'USER', name: 'editor', active: 1 });
    expect((await login(await server(), 'editor@example.com', password)).statusCode).toBe(200);
  });

  it('reads the password from standard input with --password -', async () => {
    const run = await cli(['create', '--email', 'stdin@example.com', '--password', '-'], 'from-stdin-password\n');
    expect(run.code).toBe(0);
    expect(await verifyPassword('from-stdin-password', (await row('stdin@example.com'))?.password_hash ?? '')).toBe(true);
  });

  it.each([
    ['a taken e-mail', ['create', '--email', 'BOSS@example.com', '--password', 'another-pass'], /уже существует/, null],
    ['a short password', ['create', '--email', 'short@example.com', '--password', '1234567'], /--password: .*8/, 'short@example.com'],
    ['a bad e-mail', ['create', '--email', 'not-an-email', '--password', 'long-enough'], /--email: Некорректный e-mail/, 'not-an-email'],
    ['an unknown role', ['create', '--email', 'role@example.com', '--role', 'ADMIN', '--password', 'long-enough'], /--role/, 'role@example.com'],
    ['a missing e-mail', ['create', '--password', 'long-enough'], /--email is required/, null],
    ['an unknown account', ['set-role', '--email', 'nobody@example.com', '--role', 'USER'], /No account/, null],
    ['a missing role', ['set-role', '--email', 'editor@example.com'], /--role is required/, null],
    ['an unknown command', ['frobnicate'], /Unknown command/, null],
    ['an unknown option', ['create', '--email', 'x@example.com', '--colour', 'red'], /Unknown option/i, 'x@example.com'],
  ] as const)('refuses %s with a message and a non-zero exit, changing nothing', async (_name, args, message, email) => {
    const run = await cli([...args]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(message);
    if (email) expect(await row(email)).toBeUndefined();
  });

  it('prints the usage without a command (exit 2) and with help (exit 0)', async () => {
    const bare = await cli([]);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toContain('Usage: npm run user');
    const help = await cli(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('reset-password');
  });

  it('resets a password: the old one stops working and old tokens are revoked', async () => {
    const before = await row('boss@example.com');
    const run = await cli(['reset-password', '--email', 'boss@example.com', '--password', 'boss-password-2']);
    expect(run.code).toBe(0);
    const after = await row('boss@example.com');
    expect(after?.token_version).toBe((before?.token_version ?? 0) + 1);
    expect((await login(await server(), 'boss@example.com', 'boss-password-1')).statusCode).toBe(401);
    expect((await login(await server(), 'boss@example.com', 'boss-password-2')).statusCode).toBe(200);
  });

  it('changes a role and ends the sessions', async () => {
    const before = await row('editor@example.com');
    const run = await cli(['set-role', '--email', 'editor@example.com', '--role', 'MANAGER']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('MANAGER');
    const after = await row('editor@example.com');
    expect(after?.role).toBe('MANAGER');
    expect(after?.token_version).toBe((before?.token_version ?? 0) + 1);
  });

  it('deactivates and activates accounts, but never the last active MANAGER', async () => {
    expect((await cli(['deactivate', '--email', 'editor@example.com'])).code).toBe(0);
    expect(await row('editor@example.com')).toMatchObject({ active: 0 });
    const last = await cli(['deactivate', '--email', 'boss@example.com']);
    expect(last.code).not.toBe(0);
    expect(last.stderr).toMatch(/last active MANAGER/);
    const demote = await cli(['set-role', '--email', 'boss@example.com', '--role', 'USER']);
    expect(demote.code).not.toBe(0);
    expect(demote.stderr).toMatch(/менеджера/);
    expect(await row('boss@example.com')).toMatchObject({ active: 1, role: 'MANAGER' });
    expect((await cli(['activate', '--email', 'editor@example.com'])).code).toBe(0);
    expect(await row('editor@example.com')).toMatchObject({ active: 1 });
  });

  it('lists the accounts and records its changes in the audit log', async () => {
    const run = await cli(['list']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/boss@example\.com\tMANAGER\tactive/);
    expect(run.stdout).not.toMatch(/scrypt/);
    const entries = await (await server()).db.selectFrom('audit_log').selectAll().where('ip', '=', 'cli').execute();
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['create', 'update']));
    expect(entries.every((entry) => entry.user_email === 'cli' && entry.resource === 'users')).toBe(true);
  });
});
