import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { freePort, runNpmScript } from '../helpers/process.js';

/**
 * A first start whose PostgreSQL does not answer: the production server (the `start` script's command, run without
 * npm) with DATABASE_URL at a port nothing listens on ends with one JSON line that says which address it tried and
 * what to check, not a stack trace.
 */
describe('a start when PostgreSQL does not answer', () => {
  let dataDir: string;
  let port: number;

  beforeAll(async () => {
    expect(existsSync('build/server/index.js'), 'run npm run build first (npm test does)').toBe(true);
    dataDir = await mkdtemp(path.join(tmpdir(), 'site-start-pg-down-'));
    port = await freePort();
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const env = () => {
    const base: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: `postgres://site:secret-password@127.0.0.1:${port}/site` };
    delete base.LOG_LEVEL;
    return base;
  };
  const expected = () =>
    `Не удалось подключиться к PostgreSQL по адресу 127.0.0.1:${port}: сервер не отвечает. Проверьте, что он запущен и DATABASE_URL верен.`;

  it('stops with exit 1 and one JSON line naming the address and what to check', async () => {
    const words = packageJson.scripts.start.split(' ');
    const assignments = words.filter((word) => /^\w+=/.test(word));
    const [command, ...args] = words.slice(assignments.length);
    const child = spawn(command!, args, {
      env: { ...env(), ...Object.fromEntries(assignments.map((word) => word.split('='))), PORT: String(await freePort()), HOST: '127.0.0.1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe('');
    const lines = stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 60, kind: 'database', address: `127.0.0.1:${port}`, code: 'ECONNREFUSED', msg: expected() });
    expect(stdout).not.toContain('secret-password');
    expect(stdout).not.toContain('stack');
  }, 60_000);

  it('npm run migrate says the same in words', async () => {
    const run = await runNpmScript('migrate', ['--status'], env());
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`Error: ${expected()}\n`);
  }, 60_000);
});
