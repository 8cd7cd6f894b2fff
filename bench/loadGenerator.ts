import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS || 3);

export interface Measured {
  rps: number;
  /** Milliseconds. */
  p99: number;
  errors: number;
}

interface LoadGenerator {
  name: string;
  run: (url: string, seconds: number, headers: Record<string, string>) => Promise<Measured>;
}

const runFile = promisify(execFile);

function wrkInstalled(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk prints its version and exits with 1; only a missing program is "not installed".
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

const MS_PER_UNIT: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** wrk's report: `Requests/sec:`, the `99%` line of `--latency`, non-2xx answers and socket errors. */
export function parseWrk(output: string): Measured {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\b/m.exec(output);
  if (!rps || !p99) throw new Error(`wrk printed no result:\n${output}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  return { rps: Number(rps[1]), p99: Number(p99[1]) * (MS_PER_UNIT[p99[2] ?? 'ms'] ?? 1), errors: non2xx + socketErrors };
}

/** wrk (C, one thread) costs the machine far less than a Node.js load generator: the server keeps its core. */
const wrk: LoadGenerator = {
  name: 'wrk -t1',
  run: async (url, seconds, headers) => {
    const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
    // wrk drops answers slower than its timeout (2 s) from the latency figures: a queue of uncached renders must count.
    const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '30s', '--latency', ...headerArgs, url];
    const { stdout } = await runFile('wrk', args);
    return parseWrk(stdout);
  },
};

const autocannonGenerator: LoadGenerator = {
  name: 'autocannon',
  run: async (url, seconds, headers) => {
    const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
    return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx + result.timeouts };
  },
};

/** `BENCH_LOAD=autocannon` forces autocannon; otherwise wrk when it is installed (`apt-get install wrk`). */
export const loadGenerator: LoadGenerator = process.env.BENCH_LOAD !== 'autocannon' && wrkInstalled() ? wrk : autocannonGenerator;

export const LOAD_DESCRIPTION = `${loadGenerator.name}, ${CONNECTIONS} connections, ${SECONDS} s per row after 1 s warm-up, loopback`;

/** `CONNECTIONS` keep-alive connections for `SECONDS` over loopback, after a one-second warm-up. */
export async function drive(url: string, headers: Record<string, string> = {}): Promise<Measured> {
  await loadGenerator.run(url, 1, headers);
  return loadGenerator.run(url, SECONDS, headers);
}
