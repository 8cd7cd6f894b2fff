import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import type { DialectName } from '../server/db/connect.js';
import { createPostgresDatabase, testDialects } from '../tests/helpers/databases.js';
import { percentile } from './harness.js';
import { fillLargeSite, LARGE_SITE, type LargeSiteSummary } from './largeSite.js';
import { ROOT, startProductionServer, type RunningServer } from './servers.js';

const ADMIN = { email: 'admin@example.com', password: 'bench-password' };
/** The admin's list page (`perPage` of the news list). */
const ADMIN_PAGE_SIZE = 25;
const EDITORS = 20;
/** Requests per row: at most this many, or fewer once the row has taken `ROW_BUDGET_MS` (never fewer than 5, or one per client). */
const ROW_REQUESTS = 60;
const ROW_BUDGET_MS = 8_000;

interface Sample {
  /** The first request's time: what the first visitor after a start or a change waits. */
  first: number;
  /** Answers other than 200, dropped connections included. */
  failures: number;
  p50: number;
  p99: number;
  bytes: number;
  status: number;
}

interface Row {
  label: string;
  /** The path, or the path on a site given the id of the news item with many versions. */
  path: (site: Site) => string;
  admin?: boolean;
  /** Measured with `EDITORS` clients at once: the p50 is what each of them waits. */
  concurrent?: boolean;
  /** Asked of the server that keeps the page cache on (default settings) instead of the one with it off. */
  cached?: boolean;
}

interface Site {
  label: string;
  uncached: RunningServer;
  cached: RunningServer;
  token: string;
  revisedNewsId: number;
  cleanup: () => Promise<void>;
}

const deepAdminPage = (sort: string, order: 'ASC' | 'DESC') => {
  const start = 50_000;
  const query = new URLSearchParams({ sort: JSON.stringify([sort, order]), range: JSON.stringify([start, start + ADMIN_PAGE_SIZE - 1]), filter: '{}' });
  return `/api/admin/news?${query.toString()}`;
};

const firstAdminPage = (filter: Record<string, string>) =>
  `/api/admin/news?${new URLSearchParams({ sort: JSON.stringify(['public_at', 'DESC']), range: JSON.stringify([0, ADMIN_PAGE_SIZE - 1]), filter: JSON.stringify(filter) }).toString()}`;

const ROWS: Row[] = [
  { label: '`/` (page cache off)', path: () => '/' },
  { label: '`/media/photobank`', path: () => '/media/photobank' },
  { label: '`/sitemap.xml`', path: () => '/sitemap.xml' },
  { label: '`/sitemap.xml` (page cache on)', path: () => '/sitemap.xml', cached: true },
  { label: '`/sitemaps/news-1.xml`', path: () => '/sitemaps/news-1.xml' },
  { label: '`/news?page=5000`', path: () => '/news?page=5000' },
  { label: '`/api/news/main-items?page=15000`', path: () => '/api/news/main-items?page=15000' },
  { label: 'investor text page', path: () => '/investoram/informatsiya-dlya-aktsionerov' },
  { label: 'admin news by title, row 50,000', path: () => deepAdminPage('title', 'ASC'), admin: true },
  { label: 'admin news by public_at, row 50,000', path: () => deepAdminPage('public_at', 'DESC'), admin: true },
  { label: `same, ${EDITORS} editors at once (p50 each)`, path: () => deepAdminPage('public_at', 'DESC'), admin: true, concurrent: true },
  { label: `admin news list, first page (${ADMIN_PAGE_SIZE} rows)`, path: () => firstAdminPage({}), admin: true },
  { label: 'admin news search `q=компания`', path: () => firstAdminPage({ q: 'компания' }), admin: true },
  {
    label: `revisions of one item (${LARGE_SITE.revisionsOfOneItem.toLocaleString('en')} versions)`,
    path: (site) => `/api/admin/news/${site.revisedNewsId}/revisions`,
    admin: true,
  },
];

/** One request; a connection the server dropped is status 0, counted with the row's failures instead of ending the run. */
async function timedGet(url: string, headers: Record<string, string>): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers });
    const body = await response.arrayBuffer();
    return { ms: performance.now() - started, bytes: body.byteLength, status: response.status };
  } catch {
    return { ms: performance.now() - started, bytes: 0, status: 0 };
  }
}

/** Requests one after another (or from `clients` loops at once) after two warm-ups; bytes are the uncompressed body's. */
async function sample(url: string, headers: Record<string, string>, clients = 1): Promise<Sample> {
  const first = await timedGet(url, headers);
  await timedGet(url, headers);
  const durations: number[] = [];
  let last = { ms: 0, bytes: 0, status: 0 };
  let failures = 0;
  const started = performance.now();
  const client = async () => {
    while (durations.length < ROW_REQUESTS * clients && (durations.length < Math.max(5, clients) || performance.now() - started < ROW_BUDGET_MS)) {
      const answer = await timedGet(url, headers);
      durations.push(answer.ms);
      last = answer;
      if (answer.status !== 200) failures++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  durations.sort((a, b) => a - b);
  return { first: first.ms, failures, p50: percentile(durations, 0.5), p99: percentile(durations, 0.99), bytes: last.bytes, status: last.status };
}

async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/api/site/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const token = /access_token=([^;]+)/.exec(response.headers.getSetCookie().join('\n'))?.[1];
  if (!token) throw new Error(`login failed: ${response.status}`);
  return token;
}

/** A database with the demo content, and with ten years of content on top when `large`; built with the app's migrations. */
async function prepareDatabase(
  dialect: DialectName,
  large: boolean,
): Promise<{ env: Record<string, string>; summary: LargeSiteSummary | null; drop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-bench-large-'));
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'error',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  // The rebuild of the search index runs as long statements: give them the time a one-off job may take.
  const app = await buildApp(loadConfig({ ...env, SEED_DEMO: '1', DB_QUERY_TIMEOUT_MS: '600000' }), { logger: false });
  let summary: LargeSiteSummary | null = null;
  try {
    if (large) summary = await fillLargeSite(app.db);
  } finally {
    await app.close();
  }
  return {
    env: { ...env, SEED_DEMO: '0' },
    summary,
    drop: async () => {
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function startSite(label: string, dialect: DialectName, large: boolean): Promise<Site> {
  const database = await prepareDatabase(dialect, large);
  if (database.summary) {
    const { rows, indexed, seconds } = database.summary;
    console.log(
      `${label}: ${rows.toLocaleString('en')} rows in ${seconds.insert.toFixed(1)} s, ${indexed.toLocaleString('en')} indexed for search in ${seconds.index.toFixed(1)} s`,
    );
  }
  // One version list shows every kept version; the default keeps 50.
  const settings = { ...database.env, REVISIONS_KEEP: String(LARGE_SITE.revisionsOfOneItem) };
  const uncached = await startProductionServer({ ...settings, PAGE_CACHE_MB: '0' });
  const cached = await startProductionServer(settings);
  return {
    label,
    uncached,
    cached,
    token: await login(uncached.url),
    revisedNewsId: database.summary?.revisedNewsId ?? 1,
    cleanup: async () => {
      await uncached.stop();
      await cached.stop();
      await database.drop();
    },
  };
}

const cell = (measured: Sample) =>
  `${measured.p50.toFixed(1)} / ${measured.p99.toFixed(1)} ms (first ${measured.first.toFixed(0)}), ${measured.bytes.toLocaleString('en')} B${measured.status === 200 ? '' : ` (${measured.status})`}${measured.failures ? `, ${measured.failures} failed` : ''}`;

/**
 * `npm run bench -- --large`: the production build on the demo content and on ten years of content (`LARGE_SITE`),
 * SQLite and then PostgreSQL (where it answers), measured side by side. Public pages are asked of a server with the
 * page cache off unless the row says otherwise, so that every answer is rendered; admin reads carry a token.
 */
export async function benchLargeSite(dialects?: DialectName[]): Promise<void> {
  if (!existsSync(path.join(ROOT, 'build/server/index.js')) || !existsSync(path.join(ROOT, 'dist/client'))) {
    console.log('\nLarge site: run "npm run build" first');
    return;
  }
  console.log(
    `\nLarge site: ${Object.entries(LARGE_SITE)
      .map(([name, count]) => `${name} ${count.toLocaleString('en')}`)
      .join(', ')}`,
  );
  console.log(`machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`);
  console.log(
    `each row: p50 / p99 over up to ${ROW_REQUESTS} requests or ${ROW_BUDGET_MS / 1000} s after 2 warm-ups (the first one's time too), uncompressed bytes`,
  );
  for (const dialect of dialects ?? (await testDialects())) {
    const demo = await startSite(`${dialect}, demo`, dialect, false);
    let large: Site | null = null;
    try {
      large = await startSite(`${dialect}, large`, dialect, true);
      console.log(`\n| ${dialect} | demo content p50 / p99, bytes | ten years p50 / p99, bytes |`);
      console.log('|---|---|---|');
      for (const row of ROWS) {
        const cells: string[] = [];
        for (const site of [demo, large]) {
          const server = row.cached ? site.cached : site.uncached;
          const headers: Record<string, string> = row.admin ? { authorization: `Bearer ${site.token}` } : {};
          cells.push(cell(await sample(`${server.url}${row.path(site)}`, headers, row.concurrent ? EDITORS : 1)));
        }
        console.log(`| ${row.label} | ${cells.join(' | ')} |`);
      }
    } finally {
      await large?.cleanup();
      await demo.cleanup();
    }
  }
}
