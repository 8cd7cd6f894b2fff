import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drive, LOAD_DESCRIPTION, type Measured } from './loadGenerator.js';
import { ROOT, startFloorServer, startProductionServer, type RunningServer } from './servers.js';
import { startVikeFloorServer } from './vikeFloor.js';

export const HTTP_ROUTES = [
  '/',
  '/news',
  '/news/smart-horizont-rezident-proekta-skolkovo',
  '/media/photobank',
  '/api/news/main-items?page=1',
  '/api/media/items',
];

const row = (label: string, measured: Measured, floor: Measured | null) =>
  `${label.padEnd(44)} ${String(Math.round(measured.rps)).padStart(7)} req/s  p99 ${measured.p99.toFixed(1).padStart(6)} ms` +
  (floor ? `  ${((measured.rps / floor.rps) * 100).toFixed(1).padStart(5)} % of floor` : '') +
  (measured.errors ? `  (${measured.errors} errors/non-2xx)` : '');

/**
 * The site over real HTTP: the production build in its own process, driven by wrk or autocannon
 * (loadGenerator.ts), next to a node:http server answering the same home page from memory (the floor). The machine
 * may be shared, so every route is measured right after its own floor measurement, cached (the default) and with
 * the page cache off (`PAGE_CACHE_MB=0`) back to back: ratios, not absolute numbers, are what hold.
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
    const vikeFloor = await start(startVikeFloorServer());

    console.log(`\nSite over HTTP (${LOAD_DESCRIPTION}, no Accept-Encoding)`);
    for (const route of HTTP_ROUTES) {
      const floor = await drive(floorServer.url);
      console.log(`\n${route}`);
      console.log(row('  node:http floor (home HTML from memory)', floor, null));
      console.log(row('  cached', await drive(`${cached.url}${route}`), floor));
      const uncachedPage = await drive(`${uncached.url}${route}`);
      console.log(row('  cache off (PAGE_CACHE_MB=0)', uncachedPage, floor));
      if (before) console.log(row('  before (BENCH_BEFORE)', await drive(`${before.url}${route}`), floor));
      if (route === '/') {
        console.log(row('  Vike alone: a one-paragraph page, uncached', await drive(`${vikeFloor.url}/`), floor));
        // The floor spending the uncached page's CPU time (1 / its req/s) on every request: its p99 is how any
        // single-threaded server that works that long per request answers 50 connections.
        const busyFloor = await start(startFloorServer(homeFile, 1000 / uncachedPage.rps));
        console.log(row('  node:http, busy per request as cache off', await drive(busyFloor.url), floor));
      }
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
