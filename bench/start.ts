import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../tests/helpers/process.js';

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface StartCost {
  /** CPU seconds (user and system, every thread) the process spent until `/api/ready` first answered 200. */
  cpuSeconds: number;
  wallSeconds: number;
  rssMb: number;
}

/** CPU seconds so far and resident memory of a live process, from /proc. */
function usage(pid: number): { cpuSeconds: number; rssMb: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After the command's name: utime and stime are the 12th and 13th fields (14th and 15th of the whole line).
  const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return { cpuSeconds, rssMb: rssKb / 1024 };
}

/** Starts `command` with `env`, polls `/api/ready` every 20 ms, and stops the process (SIGTERM) once it answered. */
async function measureStart(command: string[], env: NodeJS.ProcessEnv, port: number): Promise<StartCost> {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await sleep(20);
    }
    const wallSeconds = (performance.now() - started) / 1000;
    return { ...usage(child.pid!), wallSeconds };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const format = (cost: StartCost) => `${cost.cpuSeconds.toFixed(2)} s CPU, ${cost.wallSeconds.toFixed(2)} s wall, ${cost.rssMb.toFixed(0)} MB RSS`;

/**
 * `npm run bench -- --start`: what `npm start` costs on an empty data folder (migrations, the demo content, the first
 * manager) and again on the database it left, until `/api/ready` answers; beside it, a `node:http` server that answers
 * `/api/ready` at once (Node's own start, the floor). Needs `npm run build`. Each is started `rounds` times.
 */
export async function benchStart(rounds = 3): Promise<void> {
  const port = await freePort();
  const floorScript = "require('node:http').createServer((q, s) => s.end('{}')).listen(process.env.PORT, process.env.HOST)";
  for (let round = 1; round <= rounds; round++) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-start-'));
    try {
      const env = { NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-password-1' };
      const server = ['node', path.join('build', 'server', 'index.js')];
      const floor = await measureStart(['node', '-e', floorScript], {}, port);
      const first = await measureStart(server, env, port);
      const second = await measureStart(server, env, port);
      console.log(`start round ${round}: node:http floor ${format(floor)}`);
      console.log(`start round ${round}: first start (empty data folder, demo seeded) ${format(first)}`);
      console.log(`start round ${round}: second start (same database) ${format(second)}`);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}
