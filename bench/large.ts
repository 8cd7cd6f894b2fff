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

export const ADMIN = { email: 'admin@example.com', password: 'bench-password' };
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
  /** The path on a site, given what was found on it (a news item's slug, the news item with many versions…). */
  path: (site: Site) => string;
  admin?: boolean;
  /** Measured with `EDITORS` clients at once: the p50 is what each of them waits. */
  concurrent?: boolean;
  /** Asked of the server that keeps the page cache on (default settings) instead of the one with it off. */
  cached?: boolean;
}

/** Records a row's address names, found on each site through its public JSON reads after the start. */
interface Found {
  revisedNewsId: number;
  newsSlug: string;
  photoCategoryId: number;
}

interface Site {
  label: string;
  uncached: RunningServer;
  cached: RunningServer;
  token: string;
  found: Found;
  cleanup: () => Promise<void>;
}

const DEEP_ROW = 50_000;

/** An admin list read as react-admin sends it: `perPage` rows from `start`, sorted, filtered. */
const adminList = (resource: string, sort: string, order: 'ASC' | 'DESC', start = 0, filter: Record<string, string> = {}) =>
  `/api/admin/${resource}?${new URLSearchParams({ sort: JSON.stringify([sort, order]), range: JSON.stringify([start, start + ADMIN_PAGE_SIZE - 1]), filter: JSON.stringify(filter) }).toString()}`;

const PUBLIC_ROWS: Row[] = [
  { label: '`/`', path: () => '/' },
  { label: '`/news`', path: () => '/news' },
  { label: '`/news?page=5000`', path: () => '/news?page=5000' },
  { label: '`/news/{slug}`', path: (site) => `/news/${site.found.newsSlug}` },
  { label: '`/media/nashi-novosti?page=2000`', path: () => '/media/nashi-novosti?page=2000' },
  { label: '`/media/smi-o-nas`', path: () => '/media/smi-o-nas' },
  { label: '`/media/smi-o-nas?page=9000`', path: () => '/media/smi-o-nas?page=9000' },
  { label: '`/media/video`', path: () => '/media/video' },
  { label: '`/media/photobank`', path: () => '/media/photobank' },
  { label: 'a photobank category, page 2', path: (site) => `/media/photobank/${site.found.photoCategoryId}?page=2` },
  { label: '`/investoram`', path: () => '/investoram' },
  { label: '`/investoram/dokumenty`', path: () => '/investoram/dokumenty' },
  { label: '`/investoram/dokumenty?category=annual-reports&page=20`', path: () => '/investoram/dokumenty?category=annual-reports&page=20' },
  { label: 'investor text page', path: () => '/investoram/informatsiya-dlya-aktsionerov' },
  { label: '`/karera`', path: () => '/karera' },
  { label: '`/poisk?q=компания`', path: () => `/poisk?q=${encodeURIComponent('компания')}` },
  { label: '`/api/news/main-items?page=15000`', path: () => '/api/news/main-items?page=15000' },
  { label: '`/api/media/items`', path: () => '/api/media/items' },
  { label: '`/api/media/many-reads`', path: () => '/api/media/many-reads' },
  { label: '`/api/photobank/photos`', path: () => '/api/photobank/photos' },
  { label: '`/sitemap.xml`', path: () => '/sitemap.xml' },
  { label: '`/sitemap.xml` (page cache on)', path: () => '/sitemap.xml', cached: true },
  { label: '`/sitemaps/news-1.xml`', path: () => '/sitemaps/news-1.xml' },
];

const ADMIN_ROWS: Row[] = [
  ...['public_at', 'title', 'slug', 'views', 'updated_at'].flatMap((sort): Row[] => [
    { label: `admin news by ${sort}, first page`, path: () => adminList('news', sort, 'DESC'), admin: true },
    { label: `admin news by ${sort}, row ${DEEP_ROW.toLocaleString('en')}`, path: () => adminList('news', sort, 'ASC', DEEP_ROW), admin: true },
  ]),
  { label: 'admin news, drafts only, by title', path: () => adminList('news', 'title', 'ASC', 0, { published: '0' }), admin: true },
  {
    label: `admin news by public_at, row ${DEEP_ROW.toLocaleString('en')}, ${EDITORS} editors at once`,
    path: () => adminList('news', 'public_at', 'DESC', DEEP_ROW),
    admin: true,
    concurrent: true,
  },
  { label: 'admin news search `q=компания`', path: () => adminList('news', 'public_at', 'DESC', 0, { q: 'компания' }), admin: true },
  { label: 'admin news search by a prefix `q=компан`', path: () => adminList('news', 'public_at', 'DESC', 0, { q: 'компан' }), admin: true },
  {
    label: `admin news search, ${EDITORS} editors at once`,
    path: () => adminList('news', 'public_at', 'DESC', 0, { q: 'компания' }),
    admin: true,
    concurrent: true,
  },
  { label: `admin press items by title, row ${DEEP_ROW.toLocaleString('en')}`, path: () => adminList('media-other', 'title', 'ASC', DEEP_ROW), admin: true },
  { label: 'admin own articles by views, row 10,000', path: () => adminList('media-our', 'views', 'DESC', 10_000), admin: true },
  {
    label: 'admin photos of a category',
    path: (site) => adminList('photobank-photos', 'position', 'ASC', 0, { category_id: String(site.found.photoCategoryId) }),
    admin: true,
  },
  { label: 'admin trash', path: () => adminList('trash', 'removed_at', 'DESC'), admin: true },
  { label: 'admin audit log, row 5,000', path: () => adminList('audit-log', 'created_at', 'DESC', 5_000), admin: true },
  { label: 'admin audit log search by an e-mail `q=redaktor7`', path: () => adminList('audit-log', 'created_at', 'DESC', 0, { q: 'redaktor7' }), admin: true },
  { label: 'admin audit log search, no match', path: () => adminList('audit-log', 'created_at', 'DESC', 0, { q: 'nikto' }), admin: true },
  {
    label: `revisions of one item (${LARGE_SITE.revisionsOfOneItem.toLocaleString('en')} versions)`,
    path: (site) => `/api/admin/news/${site.found.revisedNewsId}/revisions`,
    admin: true,
  },
];

const ROWS: Row[] = [...PUBLIC_ROWS, ...ADMIN_ROWS];

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

/** The newest news item's slug and the last photobank category (the large site's have 10,000 photos among 300), from the public reads. */
async function findRecords(url: string, revisedNewsId: number): Promise<Found> {
  const read = async <T>(path: string): Promise<T> => ((await (await fetch(`${url}${path}`)).json()) as { data: T }).data;
  const news = await read<{ items: { slug: string }[] }>('/api/news/main-items?page=1');
  const groups = await read<{ categories: { id: number }[] }[]>('/api/photobank/photos');
  const categories = groups.flatMap((group) => group.categories);
  return { revisedNewsId, newsSlug: news.items[0]?.slug ?? '', photoCategoryId: categories.at(-1)?.id ?? 0 };
}

export async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/api/site/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const token = /access_token=([^;]+)/.exec(response.headers.getSetCookie().join('\n'))?.[1];
  if (!token) throw new Error(`login failed: ${response.status}`);
  return token;
}

/**
 * A database with the demo content, and with ten years of content on top when `large`; built with the app's
 * migrations. With `seededByServer` (the demo site only) it is left empty, for a server of another build to migrate
 * and seed with its own code (a build from before a migration refuses a database that has it).
 */
export async function prepareDatabase(
  dialect: DialectName,
  large: boolean,
  seededByServer = false,
): Promise<{ env: Record<string, string>; summary: LargeSiteSummary | null; drop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-bench-large-'));
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'error',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  const drop = async () => {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  if (seededByServer) {
    if (large) throw new Error("the large site is filled with this build's schema: it cannot be left to another build");
    return { env: { ...env, SEED_DEMO: '1' }, summary: null, drop };
  }
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
    drop,
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
    found: await findRecords(uncached.url, database.summary?.revisedNewsId ?? 1),
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
