import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { freePort } from '../helpers/process.js';

/**
 * The README's start command on an empty data folder: the real process, real port, real SQLite file. It runs the
 * `start` script's command itself rather than through npm, so that signals reach the server directly.
 */
describe('npm start on an empty data folder', () => {
  let child: ChildProcessWithoutNullStreams;
  let dataDir: string;
  let port: number;
  let output = '';

  beforeAll(async () => {
    expect(existsSync('build/server/index.js'), 'run npm run build first (npm test does)').toBe(true);
    dataDir = await mkdtemp(path.join(tmpdir(), 'site-start-'));
    port = await freePort();
    const words = packageJson.scripts.start.split(' ');
    const assignments = words.filter((word) => /^\w+=/.test(word));
    const [command, ...args] = words.slice(assignments.length);
    child = spawn(command!, args, {
      env: {
        ...process.env,
        ...Object.fromEntries(assignments.map((word) => word.split('='))),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_EMAIL: 'boss@example.com',
        ADMIN_PASSWORD: '',
      },
    });
    // Started once it has logged the whole line that says so, or ended.
    await new Promise<void>((resolve) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (/"msg":"site started"[^\n]*\n/.test(output)) resolve();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', () => resolve());
    });
  }, 120_000);

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('logs the address and the first login in JSON lines only, the generated password in a file of the data folder, not in the log', async () => {
    const lines = output.split('\n').filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const started = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'site started');
    const passwordFile = path.join(dataDir, 'first-manager-password.txt');
    expect(started).toMatchObject({
      url: `http://localhost:${port}/`,
      admin: `http://localhost:${port}/admin`,
      database: 'sqlite',
      firstLogin: { email: 'boss@example.com', password: passwordFile },
    });
    const [email, password] = (await readFile(passwordFile, 'utf8')).split('\n');
    expect(email).toBe('boss@example.com');
    expect(password).toMatch(/^\S{12,}$/);
    expect(output).not.toContain(password);
  });

  it('answers the first visitor of the home page from the page cache: it was rendered before the server listened', async () => {
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-status')).toMatch(/; hit/);
  });

  it('answers the API home and demo news over HTTP, on a SQLite file in the data folder', async () => {
    const home = await fetch(`http://127.0.0.1:${port}/api`);
    expect(home.status).toBe(200);
    expect((await home.json()).data.reads).toContain('/api/media/items');
    const news = await (await fetch(`http://127.0.0.1:${port}/api/news/main-items`)).json();
    expect(news.data.items).toHaveLength(3);
    expect(existsSync(path.join(dataDir, 'site.db'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(true);
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
  });
});
