import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  pid: number | undefined;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilAnswers(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

function stopper(child: ChildProcess, cleanup: () => Promise<void> = async () => undefined): () => Promise<void> {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await cleanup();
  };
}

/**
 * The production build (`build/server/index.js`, `dist/`) in its own process on SQLite with the demo content,
 * the way `npm start` runs it; `env` adds settings such as `PAGE_CACHE_MB`.
 */
export async function startProductionServer(env: Record<string, string> = {}, root = ROOT): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-bench-'));
  const child = spawn(process.execPath, [path.join(root, 'build/server/index.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      ADMIN_PASSWORD: 'bench-password',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswers(`${url}/api/health`, child);
  return { url, pid: child.pid, stop: stopper(child, () => rm(dataDir, { recursive: true, force: true })) };
}

/** A Node.js script that takes its port as its first argument, in its own process, once it answers `/`. */
export async function startScriptServer(script: string, args: string[] = [], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [script, String(port), ...args], { ...options, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswers(url, child);
  return { url, pid: child.pid, stop: stopper(child) };
}

/**
 * node:http answering `htmlFile` from memory (bench/floor.mjs) in its own process; with `busyMs` it first spends
 * that much CPU on every request.
 */
export function startFloorServer(htmlFile: string, busyMs = 0): Promise<RunningServer> {
  return startScriptServer(path.join(ROOT, 'bench/floor.mjs'), [htmlFile, String(busyMs)]);
}
