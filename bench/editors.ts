import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { DialectName } from '../server/db/connect.js';
import { login, prepareDatabase } from './large.js';
import { drive, LOAD_DESCRIPTION, type Measured } from './loadGenerator.js';
import { ROOT, startFloorServer, startProductionServer, type RunningServer } from './servers.js';

/** Saves a second an editor makes while visitors read: none, one, five. */
const SAVE_RATES = [0, 1, 5] as const;
/** Pages whose neighbours a news save does not change are asked right after one: they must still be answered from the cache. */
const UNRELATED_PAGES = ['/media/photobank', '/media/video', '/investoram'];
const SIMULTANEOUS = 50;
/** Measurements of each row, taken in turns with the other rates (`BENCH_ROUNDS`). */
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The median throughput, p99 and errors of a row's rounds, each on its own. */
function median(rounds: Measured[]): Measured {
  return { rps: middle(rounds.map((round) => round.rps)), p99: middle(rounds.map((round) => round.p99)), errors: middle(rounds.map((round) => round.errors)) };
}

/**
 * A rate's ratio to no saves: the median of each round's ratio to the row without saves measured next to it. The
 * host's own swings (a neighbour, a slower minute) then fall on both rows of a round and cancel out, where a ratio of
 * medians would take its two numbers from different moments.
 */
function pairedRatio(withSaves: Measured[], none: Measured[]): number {
  return middle(withSaves.map((row, round) => row.rps / (none[round]?.rps ?? Number.NaN)));
}
const README = path.join(ROOT, 'bench/README.md');

/** Whether the build at `root` has other migrations than this one (then it cannot open a database this one made). */
async function otherMigrations(root: string): Promise<boolean> {
  const names = async (at: string) => (await readdir(path.join(at, 'build/server/db/migrations'))).sort().join('\n');
  return (await names(root)) !== (await names(ROOT));
}

interface Build {
  label: string;
  root: string;
  /** A build of other migrations migrates and seeds its own demo database. */
  seedsItself: boolean;
}

interface Newest {
  id: number;
  slug: string;
}

const pages = (newest: Newest) => ['/', '/news', `/news/${newest.slug}`, '/media/photobank'];

/** An editor saving the newest news item (its text) `perSecond` times a second, one save at a time, until stopped. */
function startSaving(url: string, token: string, newest: Newest, perSecond: number): { stop: () => Promise<number> } {
  if (perSecond === 0) return { stop: async () => 0 };
  let saves = 0;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = save(url, token, newest.id, `<p>Правка ${++saves}</p>`, 'content').finally(() => (busy = false));
  }, 1000 / perSecond);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
      return saves;
    },
  };
}

async function save(url: string, token: string, id: number, value: string, field: string): Promise<void> {
  const form = new FormData();
  form.set(field, value);
  const response = await fetch(`${url}/api/admin/news/update/${id}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`save answered ${response.status}`);
}

const cacheStatusOf = async (url: string) => {
  const response = await fetch(url);
  const body = await response.text();
  return { status: response.headers.get('cache-status') ?? '—', body };
};

const cell = (measured: Measured, ratio: number | null) =>
  `${Math.round(measured.rps).toLocaleString('en')} (${measured.p99.toFixed(1)} ms)` +
  (ratio === null ? '' : ` **${ratio.toFixed(2)}×**`) +
  (measured.errors ? ` ${measured.errors} errors` : '');

/** One build's server on its own copy of the site, with what its rows need. */
interface Site {
  build: Build;
  server: RunningServer;
  token: string;
  newest: Newest;
  drop: () => Promise<void>;
}

async function startSite(build: Build, dialect: DialectName, large: boolean): Promise<Site> {
  const database = await prepareDatabase(dialect, large, build.seedsItself);
  let server: RunningServer | null = null;
  const drop = async () => {
    await server?.stop();
    await database.drop();
  };
  try {
    server = await startProductionServer(database.env, build.root);
    const token = await login(server.url);
    const news = ((await (await fetch(`${server.url}/api/news/main-items?page=1`)).json()) as { data: { items: Newest[] } }).data.items;
    const newest = news[0];
    if (!newest) throw new Error('no news on the site');
    // The first saves of a process compile its code: they are made before any row is measured.
    for (let warmUp = 0; warmUp < 5; warmUp++) await save(server.url, token, newest.id, `<p>Разогрев ${warmUp}</p>`, 'content');
    return { build, server, token, newest, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** The node:http floor answering this site's home page from memory. */
async function measureFloor(site: Site): Promise<Measured> {
  const work = await mkdtemp(path.join(tmpdir(), 'site-bench-editors-'));
  const homeFile = path.join(work, 'home.html');
  await writeFile(homeFile, await (await fetch(`${site.server.url}/`)).text());
  const floorServer = await startFloorServer(homeFile);
  try {
    return await drive(floorServer.url);
  } finally {
    await floorServer.stop();
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Each page's rows: in every round each build measures each rate in turn, and the builds take turns round by round
 * rather than one after the other; odd rounds run both orders backwards, so that a host speeding up or slowing down
 * through a round favours no rate and no build.
 */
async function measurePages(sites: Site[], lines: string[]): Promise<void> {
  const pageCount = pages(sites[0]!.newest).length;
  for (let pageIndex = 0; pageIndex < pageCount; pageIndex++) {
    const rounds = sites.map(() => SAVE_RATES.map((): Measured[] => []));
    for (let round = 0; round < ROUNDS; round++) {
      const forward = round % 2 === 0;
      const order = forward ? [...SAVE_RATES.keys()] : [...SAVE_RATES.keys()].reverse();
      const turns = forward ? [...sites.entries()] : [...sites.entries()].reverse();
      for (const [siteIndex, site] of turns) {
        const page = pages(site.newest)[pageIndex]!;
        for (const rateIndex of order) {
          const saver = startSaving(site.server.url, site.token, site.newest, SAVE_RATES[rateIndex]!);
          rounds[siteIndex]![rateIndex]!.push(await drive(`${site.server.url}${page}`));
          await saver.stop();
        }
      }
    }
    for (const [siteIndex, site] of sites.entries()) {
      const [none = [], ...withSaves] = rounds[siteIndex]!;
      const page = pages(site.newest)[pageIndex]!;
      const label = page.startsWith('/news/') ? '`/news/{slug}`' : `\`${page}\``;
      lines.push(
        `| ${site.build.label}: ${label} | ${cell(median(none), null)} | ${withSaves.map((row) => cell(median(row), pairedRatio(row, none))).join(' | ')} |`,
      );
    }
  }
}

/** Whether unrelated pages stay cached after a news save, and how 50 simultaneous requests after a save were answered. */
async function checkAfterSave(site: Site, lines: string[]): Promise<void> {
  const { server, token, newest, build } = site;
  for (const page of UNRELATED_PAGES) await fetch(`${server.url}${page}`).then((response) => response.arrayBuffer());
  const title = `Заголовок после правки ${Date.now()}`;
  await save(server.url, token, newest.id, title, 'title');
  const unrelated = await Promise.all(UNRELATED_PAGES.map(async (page) => `\`${page}\`: ${(await cacheStatusOf(`${server.url}${page}`)).status}`));
  const shows = await Promise.all(
    ['/', '/news'].map(async (page) => `\`${page}\` ${(await cacheStatusOf(`${server.url}${page}`)).body.includes(title) ? 'shows' : 'does NOT show'} it`),
  );
  lines.push('', `${build.label}, right after a news save: ${unrelated.join('; ')}; ${shows.join(', ')}.`);

  // Many visitors at once right after a save: how their answers were made.
  await fetch(`${server.url}/`).then((response) => response.arrayBuffer());
  await save(server.url, token, newest.id, '<p>Правка перед наплывом</p>', 'content');
  const statuses = await Promise.all(
    Array.from({ length: SIMULTANEOUS }, async () => (await cacheStatusOf(`${server.url}/`)).status.replace(/^[^;]+;\s*/, '')),
  );
  const counted = new Map<string, number>();
  for (const status of statuses) counted.set(status, (counted.get(status) ?? 0) + 1);
  lines.push(
    `${build.label}, ${SIMULTANEOUS} simultaneous requests for \`/\` right after a save: ${[...counted].map(([status, count]) => `${count} × \`${status}\``).join(', ')}.`,
  );
}

/** Replaces what stands between the two markers in bench/README.md (or adds them at its end) with `text`. */
async function writeIntoReadme(marker: string, text: string): Promise<void> {
  const readme = await readFile(README, 'utf8');
  const begin = `<!-- ${marker} -->`;
  const end = `<!-- /${marker} -->`;
  const block = `${begin}\n${text}\n${end}`;
  const at = readme.indexOf(begin);
  const after = readme.indexOf(end);
  const next = at === -1 || after === -1 ? `${readme.trimEnd()}\n\n${block}\n` : `${readme.slice(0, at)}${block}${readme.slice(after + end.length)}`;
  await writeFile(README, next);
}

/**
 * An editor's day: `/`, `/news`, an article and the photobank under load (`LOAD_DESCRIPTION`) while an editor saves
 * a news item 0, 1 and 5 times a second, on the production build (page cache on, default settings), beside the
 * node:http floor; then whether unrelated pages stay cached after a save and how 50 simultaneous requests after a
 * save were answered (their `Cache-Status`). `BENCH_BEFORE=/path/to/another/build` measures that build too, on its own
 * copy of the same site, taking turns with this one round by round. The tables are printed and written into
 * bench/README.md between markers.
 */
export async function benchEditors(options: { large: boolean; dialects: readonly DialectName[] }): Promise<void> {
  const builds: Build[] = [
    ...(process.env.BENCH_BEFORE ? [{ label: 'before', root: process.env.BENCH_BEFORE, seedsItself: await otherMigrations(process.env.BENCH_BEFORE) }] : []),
    { label: process.env.BENCH_LABEL ?? 'after', root: ROOT, seedsItself: false },
  ];
  const site = options.large ? 'large' : 'demo';
  const sections: string[] = [
    `Run of ${new Date().toISOString().slice(0, 16)} UTC, ${site} site, ${LOAD_DESCRIPTION}, median of ${ROUNDS} rounds (ratios: median of each round's ratio); ${cpus().length} CPUs, load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} at the start.`,
  ];
  for (const dialect of options.dialects) {
    const lines = ['', `**${dialect}**, ${site} site:`, '', '| Page | no saves: req/s (p99) | 1 save/s (ratio) | 5 saves/s (ratio) |', '|---|---|---|---|'];
    const sites: Site[] = [];
    try {
      for (const build of builds) sites.push(await startSite(build, dialect, options.large));
      for (const running of sites) lines.push(`| ${running.build.label}: node:http floor | ${cell(await measureFloor(running), null)} | | |`);
      await measurePages(sites, lines);
      for (const running of sites) await checkAfterSave(running, lines);
      lines.push('');
    } finally {
      for (const running of sites) await running.drop();
    }
    console.log(lines.join('\n'));
    sections.push(...lines);
  }
  await writeIntoReadme(`editors-${site}`, sections.join('\n'));
}
