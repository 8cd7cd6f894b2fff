import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT, startFloorServer, startProductionServer, type RunningServer } from './servers.js';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS || 3);

export const HTTP_ROUTES = [
  '/',
  '/news',
  '/news/smart-horizont-rezident-proekta-skolkovo',
  '/media/photobank',
  '/api/news/main-items?page=1',
  '/api/media/items',
];

export interface Measured {
  rps: number;
  p99: number;
  errors: number;
}

/** `CONNECTIONS` keep-alive connections for `SECONDS` over loopback, after a one-second warm-up. */
export async function drive(url: string, headers: Record<string, string> = {}): Promise<Measured> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx + result.timeouts };
}

const row = (label: string, measured: Measured, floor: Measured | null) =>
  `${label.padEnd(44)} ${String(Math.round(measured.rps)).padStart(7)} req/s  p99 ${String(measured.p99).padStart(5)} ms` +
  (floor ? `  ${((measured.rps / floor.rps) * 100).toFixed(1).padStart(5)} % of floor` : '') +
  (measured.errors ? `  (${measured.errors} errors/non-2xx)` : '');

/**
 * The site over real HTTP: the production build in its own process, driven by autocannon, next to a node:http
 * server answering the same home page from memory (the floor). The machine may be shared, so every route is
 * measured right after its own floor measurement, cached (the default) and with the page cache off
 * (`PAGE_CACHE_MB=0`) back to back: ratios, not absolute numbers, are what hold.
 * `BENCH_BEFORE=/path/to/another/checkout` adds that build's rows (it must be built) for a before/after.
 */
export async function benchHttp(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'build/server/index.js')) || !existsSync(path.join(ROOT, 'dist/client'))) {
    console.log('\nSite over HTTP: run "npm run build" first');
    return;
  }
  const work = await mkdtemp(path.join(tmpdir(), 'site-bench-floor-'));
  const servers: RunningServer[] = [];
  const start = async (promise: Promise<RunningServer>) => {
    const server = await promise;
    servers.push(server);
    return server;
  };
  try {
    const cached = await start(startProductionServer());
    const uncached = await start(startProductionServer({ PAGE_CACHE_MB: '0' }));
    const before = process.env.BENCH_BEFORE ? await start(startProductionServer({}, process.env.BENCH_BEFORE)) : null;
    const homeFile = path.join(work, 'home.html');
    await writeFile(homeFile, await (await fetch(`${cached.url}/`)).text());
    const floorServer = await start(startFloorServer(homeFile));

    console.log(`\nSite over HTTP (autocannon, ${CONNECTIONS} connections, ${SECONDS} s per row after 1 s warm-up, loopback, no Accept-Encoding)`);
    for (const route of HTTP_ROUTES) {
      const floor = await drive(floorServer.url);
      console.log(`\n${route}`);
      console.log(row('  node:http floor (home HTML from memory)', floor, null));
      console.log(row('  cached', await drive(`${cached.url}${route}`), floor));
      console.log(row('  cache off (PAGE_CACHE_MB=0)', await drive(`${uncached.url}${route}`), floor));
      if (before) console.log(row('  before (BENCH_BEFORE)', await drive(`${before.url}${route}`), floor));
    }
    const floor = await drive(floorServer.url);
    const br = { 'accept-encoding': 'gzip, deflate, br' };
    console.log('\n/ with Accept-Encoding: gzip, deflate, br');
    console.log(row('  node:http floor (uncompressed)', floor, null));
    console.log(row('  cached (stored Brotli body)', await drive(`${cached.url}/`, br), floor));
    console.log(row('  cache off (Brotli per response)', await drive(`${uncached.url}/`, br), floor));
  } finally {
    for (const server of servers) await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}
