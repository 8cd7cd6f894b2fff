import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstTableWithRows } from '../../server/backup/tables.js';
import { loadConfig } from '../../server/config.js';
import type { DialectName } from '../../server/db/connect.js';
import { connectDatabase } from '../../server/db/connect.js';
import { backUpInto, rewriteArchive, zeros } from '../helpers/archives.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createPostgresDatabase, testDialects } from '../helpers/databases.js';
import { runNpmScript } from '../helpers/process.js';

const GIB = 1024 * 1024 * 1024;
/** The most a restore may take, whatever an archive holds (its Node.js heap is 128 MB). */
const PEAK_RSS_LIMIT_MB = 300;

let source: TestApp;
let folder: string;
let archive: string;
let probe: string;
const bombs = new Map<string, Promise<string>>();

beforeAll(async () => {
  source = await createTestApp('sqlite');
  folder = await mkdtemp(path.join(tmpdir(), 'site-restore-bomb-'));
  archive = path.join(folder, 'site.tar.gz');
  await backUpInto(archive, { ...source.config, files: source.app.files });
  // Loaded into the command before its own code: its peak resident memory, as the kernel counts it, on exit. VmHWM
  // is the command's own peak; getrusage's maxRSS would also count the test worker it was forked from.
  probe = path.join(folder, 'peak.mjs');
  await writeFile(
    probe,
    `import { readFileSync } from 'node:fs';\n` +
      `process.on('exit', () => process.stderr.write('peak-rss-kb ' + /VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1] + '\\n'));\n`,
  );
}, 120_000);

afterAll(async () => {
  await source?.close();
  await rm(folder, { recursive: true, force: true });
});

/** The site's archive with a gibibyte of zeros added as `name`; `listedSize`: what its manifest says instead of the truth. */
function bomb(name: string, listedSize?: number): Promise<string> {
  const made = bombs.get(name);
  if (made) return made;
  const file = path.join(folder, `bomb-${bombs.size}.tar.gz`);
  const making = rewriteArchive(
    archive,
    file,
    ({ parts, manifest }) => {
      parts.push({ name, size: GIB, source: () => zeros(GIB) });
      if (name.startsWith('files/')) manifest.files++;
    },
    (entries) => {
      const forged = entries.find((entry) => entry.name === name);
      if (forged && listedSize !== undefined) forged.size = listedSize;
    },
  ).then(() => file);
  bombs.set(name, making);
  return making;
}

/**
 * Archives that unpack to a gibibyte of zeros from a few megabytes are refused by `npm run restore` with its memory
 * flat: entries are streamed, never held, and each stops at the size the manifest gives it.
 */
describe.each(await testDialects())('restore of a decompression bomb (%s)', (dialect: DialectName) => {
  /** Restores `file` into a new empty target with `npm run restore`; answers how it ended, its peak memory and what the target holds after. */
  async function restoreIntoEmptyTarget(file: string) {
    const dataDir = await mkdtemp(path.join(folder, 'target-'));
    const postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: postgres?.url, NODE_OPTIONS: `--import=${pathToFileURL(probe).href}` };
    try {
      const run = await runNpmScript('restore', [file], env);
      const peakMb = Number(/peak-rss-kb (\d+)/.exec(run.stderr)?.[1]) / 1024;
      const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: postgres?.url, JWT_SECRET: 'x'.repeat(40) });
      const { db } = connectDatabase(config);
      const table = await firstTableWithRows(db as unknown as Kysely<unknown>).finally(() => db.destroy());
      const files = await readdir(config.uploadsDir, { recursive: true }).catch(() => []);
      return { ...run, peakMb, table, files };
    } finally {
      await postgres?.drop();
    }
  }

  it('refuses a gibibyte entry whose manifest says it is small, at the size it was given', async () => {
    const run = await restoreIntoEmptyTarget(await bomb('files/news/bomb.jpg', 4096));
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('the archive is refused');
    expect(run.stderr).toContain('files/news/bomb.jpg');
    expect(run.stderr).toContain('The target was left as it was.');
    expect(run.table).toBeNull();
    expect(run.files).toEqual([]);
    expect(run.peakMb).toBeGreaterThan(0);
    expect(run.peakMb).toBeLessThan(PEAK_RSS_LIMIT_MB);
    console.info(`restore of a 1 GiB file entry forged small (${dialect}): peak RSS ${run.peakMb.toFixed(0)} MB`);
  }, 300_000);

  it('refuses a gibibyte table part that its manifest lists as it is, without holding it', async () => {
    const run = await restoreIntoEmptyTarget(await bomb('tables/news/000001.ndjson'));
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('the archive is refused');
    expect(run.stderr).toMatch(/news: a row longer than/);
    expect(run.stderr).toContain('The target was left as it was.');
    expect(run.table).toBeNull();
    expect(run.files).toEqual([]);
    expect(run.peakMb).toBeGreaterThan(0);
    expect(run.peakMb).toBeLessThan(PEAK_RSS_LIMIT_MB);
    console.info(`restore of a 1 GiB table part (${dialect}): peak RSS ${run.peakMb.toFixed(0)} MB`);
  }, 300_000);
});
