import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import type { Manifest } from '../../server/backup/archive.js';
import { configuredFileStore } from '../../server/backup/fileStoreOf.js';
import { firstTableWithRows } from '../../server/backup/tables.js';
import { verifyArchive } from '../../server/backup/verify.js';
import { loadConfig } from '../../server/config.js';
import { connectDatabase, type DialectName } from '../../server/db/connect.js';
import { createTestApp } from '../helpers/app.js';
import { createPostgresDatabase, testDialects } from '../helpers/databases.js';
import { freePort, runNpmScript, startBuiltServer, stopProcess } from '../helpers/process.js';

const SLOW = 300_000;
const KEY = 'correct horse battery staple';
const JOURNAL = 'restore-unfinished';

/** `npm run backup` / `npm run restore` with exactly the site's settings in `env` (one left undefined is unset). */
const cli = (script: 'backup' | 'restore', args: string[], env: Record<string, string | undefined>) => {
  const unset = new Set(Object.keys(env).filter((name) => env[name] === undefined));
  const base = Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([name]) => !unset.has(name)));
  return runNpmScript(script, args, base);
};

/** An empty target: a new database of the dialect and a new data folder (files in its uploads folder). */
async function emptyTarget(dialect: DialectName) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-restore-safety-'));
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
  const env = { DATA_DIR: dataDir, DATABASE_URL: postgres?.url, BACKUP_KEY: undefined };
  return { env, dataDir, drop: async () => (await postgres?.drop(), await rm(dataDir, { recursive: true, force: true })) };
}

/** The target's stored files with their SHA-256, and the first table holding rows (null when none does). */
async function targetState(env: { DATA_DIR: string; DATABASE_URL: string | undefined }) {
  const config = loadConfig({ ...env, JWT_SECRET: 'x'.repeat(40) });
  const { db } = connectDatabase(config);
  const { files, close } = configuredFileStore(config);
  try {
    const hashes: Record<string, string> = {};
    for (const { key } of await files.list()) {
      const hash = createHash('sha256');
      for await (const chunk of (await files.read(key))!) hash.update(chunk as Buffer);
      hashes[key] = hash.digest('hex');
    }
    const table = await firstTableWithRows(db as unknown as Kysely<unknown>);
    const news = table ? Number((await sql<{ n: number }>`select count(*) as n from news`.execute(db)).rows[0]!.n) : 0;
    return { hashes, table, news };
  } finally {
    close();
    await db.destroy();
  }
}

/** The files an archive holds, by key, with their SHA-256, as its manifest lists them. */
const filesOf = (manifest: Manifest) =>
  Object.fromEntries(manifest.entries.filter((entry) => entry.name.startsWith('files/')).map((entry) => [entry.name.slice('files/'.length), entry.sha256]));

const dialects = await testDialects();
let folder: string;
let archive: string;
let manifest: Manifest;

beforeAll(async () => {
  expect(existsSync('build/server/cli/restore.js'), 'run npm run build first (npm test does)').toBe(true);
  folder = await mkdtemp(path.join(tmpdir(), 'site-restore-safety-archive-'));
  archive = path.join(folder, 'site.tar.gz');
  const source = await createTestApp('sqlite', { seedDemo: true });
  try {
    const backup = await cli('backup', [archive], { DATA_DIR: source.config.dataDir, DATABASE_URL: undefined, BACKUP_KEY: undefined });
    expect(backup.code, backup.stderr).toBe(0);
  } finally {
    await source.close();
  }
  manifest = (await verifyArchive(async () => createReadStream(archive), null)).manifest;
}, SLOW);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

it('names the version of the product that made it in the manifest', () => {
  expect(manifest.version).toBe(packageJson.version);
  expect(Object.keys(filesOf(manifest)).length).toBeGreaterThan(10);
});

describe.each(dialects)('a restore killed with SIGKILL into an empty %s target', (dialect) => {
  it(
    'leaves no rows, and a plain retry removes the files it wrote and restores the archive whole',
    async () => {
      const target = await emptyTarget(dialect);
      try {
        const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir };
        delete env.DATABASE_URL;
        delete env.BACKUP_KEY;
        if (target.env.DATABASE_URL) env.DATABASE_URL = target.env.DATABASE_URL;
        const child = spawn(process.execPath, ['--max-old-space-size=128', 'build/server/cli/restore.js', archive], { env, stdio: 'ignore' });
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // Killed once it has written a few files of the archive, in the middle of its transaction.
        const journal = path.join(target.dataDir, JOURNAL);
        await vi.waitFor(
          async () => {
            const text = await readFile(journal, 'utf8').catch(() => '');
            const written = text.split('\n').filter((line) => line.startsWith('+')).length;
            if (written < 3 && child.exitCode === null) throw new Error(`the restore has written ${written} files so far`);
          },
          { timeout: 30_000, interval: 5 },
        );
        child.kill('SIGKILL');
        await exited;
        expect(child.signalCode).toBe('SIGKILL');
        const killed = await targetState(target.env);
        expect(killed.table).toBeNull();
        expect(Object.keys(killed.hashes).filter((key) => !key.endsWith('.tmp')).length).toBeGreaterThan(0);

        const retry = await cli('restore', [archive], target.env);
        expect(retry.code, retry.stderr).toBe(0);
        expect(retry.stderr).toMatch(/An earlier restore \(.+\) did not finish: the \d+ files it had written were removed\./);
        expect(retry.stderr).toContain(`made by version ${packageJson.version}`);
        const restored = await targetState(target.env);
        expect(restored.hashes).toEqual(filesOf(manifest));
        expect(restored.news).toBe(manifest.tables.find((table) => table.name === 'news')?.rows);
        expect(existsSync(journal)).toBe(false);
      } finally {
        await target.drop();
      }
    },
    SLOW,
  );
});

describe('a restore into the SQLite database of a running server', () => {
  it(
    'is refused in words while the server runs, and goes ahead once it stopped',
    async () => {
      const target = await emptyTarget('sqlite');
      const port = await freePort();
      const server = await startBuiltServer(port, {
        DATA_DIR: target.dataDir,
        SEED_DEMO: '0',
        ADMIN_EMAIL: 'boss@example.com',
        ADMIN_PASSWORD: 'boss-password-1',
        JWT_SECRET: 'another-secret-that-is-long-enough-for-hs256',
      });
      try {
        const refused = await cli('restore', [archive, '--replace'], target.env);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`a server is running on this site's SQLite database (pid ${server.pid}, ${path.join(target.dataDir, 'site.db')})`);
        expect(refused.stderr).toContain("Stop the site's servers first, then run the restore again.");
        expect(refused.stderr).toContain('The target was left as it was.');
        expect((await fetch(`http://127.0.0.1:${port}/api/health`)).ok).toBe(true);
      } finally {
        await stopProcess(server);
      }
      try {
        const restored = await cli('restore', [archive, '--replace'], target.env);
        expect(restored.code, restored.stderr).toBe(0);
        expect((await targetState(target.env)).hashes).toEqual(filesOf(manifest));
      } finally {
        await target.drop();
      }
    },
    SLOW,
  );
});

describe('npm run restore -- --check', () => {
  /** A data folder that does not exist: the check must not make it, nor anything in it. */
  const untouched = () => ({ DATA_DIR: path.join(folder, 'never-made'), DATABASE_URL: undefined, BACKUP_KEY: undefined });

  it('says what a whole archive holds, exit 0, writing nothing', async () => {
    const run = await cli('restore', ['--check', archive], untouched());
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('The archive is whole: every entry matches its size and SHA-256 in the manifest.');
    expect(run.stdout).toContain(`${manifest.createdAt} by version ${packageJson.version}, from sqlite`);
    expect(run.stdout).toContain(`schema:     ${manifest.migration}`);
    expect(run.stdout).toContain('encrypted:  no');
    expect(run.stdout).toMatch(new RegExp(`holds: +${manifest.tables.length} tables, \\d+ rows, ${manifest.files} files`));
    expect(run.stdout).toContain('Nothing was written.');
    expect(existsSync(untouched().DATA_DIR)).toBe(false);
  });

  it(
    'refuses a cut-off archive and an encrypted one without or with the wrong key, each with its reason; opens it with the right one',
    async () => {
      const cut = path.join(folder, 'cut.tar.gz');
      await copyFile(archive, cut);
      await truncate(cut, Math.floor((await stat(archive)).size * 0.7));
      const refused = await cli('restore', ['--check', cut], untouched());
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^Error: the archive is refused: .+\nNothing was written\.\n$/);

      const encrypted = path.join(folder, 'site.tar.gz.enc');
      const source = await createTestApp('sqlite');
      try {
        const backup = await cli('backup', [encrypted], { DATA_DIR: source.config.dataDir, DATABASE_URL: undefined, BACKUP_KEY: KEY });
        expect(backup.code, backup.stderr).toBe(0);
      } finally {
        await source.close();
      }
      const noKey = await cli('restore', ['--check', encrypted], untouched());
      expect(noKey.code).toBe(1);
      expect(noKey.stderr).toContain('set BACKUP_KEY');
      const wrongKey = await cli('restore', ['--check', encrypted], { ...untouched(), BACKUP_KEY: 'not the right passphrase' });
      expect(wrongKey.code).toBe(1);
      expect(wrongKey.stderr).toContain('BACKUP_KEY is wrong');
      const opened = await cli('restore', ['--check', encrypted], { ...untouched(), BACKUP_KEY: KEY });
      expect(opened.code, opened.stderr).toBe(0);
      expect(opened.stdout).toContain('and BACKUP_KEY opens it');
      expect(opened.stdout).toContain('encrypted:  yes');

      const missing = await cli('restore', ['--check', path.join(folder, 'nothing.tar.gz')], untouched());
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('ENOENT');
      expect(existsSync(untouched().DATA_DIR)).toBe(false);
    },
    SLOW,
  );
});
