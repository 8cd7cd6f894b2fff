import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import { TEST_SETTINGS } from './settings.js';

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The built server (`build/server/index.js`, production mode) as a child process on 127.0.0.1:`port`, resolved
 * once `/api/health` answers. Its standard error goes to the test's.
 */
export async function startBuiltServer(port: number, env: Record<string, string>, timeoutMs = 60_000): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['build/server/index.js'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...TEST_SETTINGS, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return child;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** Stops a child with SIGTERM (SIGKILL after 10 s) and waits for it. */
export async function stopProcess(child: ChildProcess | null | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What a command printed and how it ended. */
export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run <script> -- <args>` as an operator does, minus npm itself: the script's own command line from
 * package.json (its `node` as this process's Node), in the project's folder, with exactly `env` and `input` on
 * standard input. The scripts run the build, so `npm run build` comes first (`npm test` does it).
 */
export function runNpmScript(script: keyof typeof packageJson.scripts, args: string[], env: NodeJS.ProcessEnv, input = ''): Promise<CommandRun> {
  const [command, ...scriptArgs] = packageJson.scripts[script].split(' ');
  return new Promise((resolve, reject) => {
    const child = spawn(command === 'node' ? process.execPath : command!, [...scriptArgs, ...args], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}
