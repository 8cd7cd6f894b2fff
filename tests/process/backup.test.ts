import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, truncate, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { configuredFileStore } from '../../server/backup/fileStoreOf.js';
import { allTables } from '../../server/backup/tables.js';
import { loadConfig, type AppConfig } from '../../server/config.js';
import type { DialectName } from '../../server/db/connect.js';
import { connectDatabase } from '../../server/db/connect.js';
import { login } from '../api/auth-helpers.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { createPostgresDatabase, testDialects } from '../helpers/databases.js';
import { runNpmScript } from '../helpers/process.js';
import { startObjectStorage, type TestObjectStorage } from '../helpers/s3.js';

const dialects = await testDialects();
const SLOW = 300_000;
const KEY = 'correct horse battery staple';

/** `npm run backup` / `npm run restore` as an operator runs them, with the site's configuration in `env`. */
const cli = (script: 'backup' | 'restore', args: string[], env: Record<string, string | undefined>) => runNpmScript(script, args, { ...process.env, ...env });

/** The settings a configuration stands for, as environment variables. */
const envOf = (config: AppConfig, storage: TestObjectStorage | null): Record<string, string | undefined> => ({
  DATA_DIR: config.dataDir,
  DATABASE_URL: config.databaseUrl ?? undefined,
  ...(storage?.env ?? {}),
});

/** An empty target: a new database of the dialect and a new data folder, with the bucket when given. */
async function emptyTarget(dialect: DialectName, storage: TestObjectStorage | null) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-restore-'));
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
  const env = { DATA_DIR: dataDir, DATABASE_URL: postgres?.url, ...(storage?.env ?? {}) };
  return { env, dataDir, drop: async () => (await postgres?.drop(), await rm(dataDir, { recursive: true, force: true })) };
}

/** Every table's row count, and every stored file's SHA-256, of the site `env` configures. */
async function contents(env: Record<string, string | undefined>) {
  const config = loadConfig({ ...env, JWT_SECRET: 'x'.repeat(40) });
  const { db } = connectDatabase(config);
  const { files, close } = configuredFileStore(config);
  try {
    const counts: Record<string, number> = {};
    for (const table of await allTables(db as unknown as Kysely<unknown>)) {
      if (table.startsWith('sqlite_') || table.startsWith('search_fts') || table.startsWith('kysely_')) continue;
      counts[table] = Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
    }
    const hashes: Record<string, string> = {};
    for (const { key } of await files.list()) {
      const hash = createHash('sha256');
      for await (const chunk of (await files.read(key))!) hash.update(chunk as Buffer);
      hashes[key] = hash.digest('hex');
    }
    return { counts, hashes };
  } finally {
    close();
    await db.destroy();
  }
}

/** The public pages compared between a site and its restored copy. */
async function publicPages(app: TestApp['app']) {
  const article = await app.db.selectFrom('news').select('slug').orderBy('id').executeTakeFirstOrThrow();
  const pages: Record<string, string> = {};
  for (const url of ['/', '/news', `/news/${article.slug}`, '/api/news/items', '/api/media/other-items', '/api/menu']) {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    pages[url] = response.body;
  }
  return pages;
}

/** The restored site, started like a server on it, for its pages and its sign-in. */
async function startOn(env: Record<string, string | undefined>) {
  return buildApp(loadConfig({ ...env, SEED_DEMO: '0', JWT_SECRET: 'another-secret-that-is-long-enough-for-hs256' }), { logger: false, viewFlushMs: 60_000 });
}

describe.each(dialects.length > 1 ? (['sqlite', 'postgres'] as const) : [])('backup on %s, restore on the other dialect', (from) => {
  const to: DialectName = from === 'sqlite' ? 'postgres' : 'sqlite';
  let source: TestApp;
  let storage: TestObjectStorage;
  let archive: string;
  /** The target the first test restores into: the second restores over it, where a restore needs --replace. */
  let restoredTarget: Awaited<ReturnType<typeof emptyTarget>> | undefined;
  const folder = () => path.dirname(archive);
  // The site on SQLite keeps its files in the folder and moves into a bucket; the one on PostgreSQL the other way.
  const sourceStorage = () => (from === 'postgres' ? storage : null);
  const targetStorage = () => (to === 'postgres' ? storage : null);

  beforeAll(async () => {
    storage = await startObjectStorage(`backup-${from}`);
    source = await createTestApp(from, { seedDemo: true, env: sourceStorage()?.env });
    archive = path.join(await mkdtemp(path.join(tmpdir(), 'site-archive-')), 'site.tar.gz');
  }, SLOW);

  afterAll(async () => {
    await restoredTarget?.drop();
    await source?.close();
    await storage?.close();
    await rm(folder(), { recursive: true, force: true });
  });

  it(
    'backs up while an editor saves, and restores pages, files, counts and sign-in',
    async () => {
      const editor = await userWithToken(source.app, 'MANAGER');
      // The editor saves a redirect over and over: every save a new version and audit entry, no public page changes.
      const created = await source.app.inject({
        method: 'POST',
        url: '/api/admin/redirects',
        headers: editor.headers,
        payload: { from_path: '/staraya', to_path: '/news' },
      });
      expect(created.statusCode).toBe(200);
      const saved = created.json().data as { id: number };
      let saving = true;
      let saves = 0;
      const editing = (async () => {
        while (saving) {
          const to = saves % 2 === 0 ? '/media' : '/news';
          const response = await source.app.inject({
            method: 'PUT',
            url: `/api/admin/redirects/${saved.id}`,
            headers: editor.headers,
            payload: { to_path: to },
          });
          expect(response.statusCode).toBe(200);
          saves++;
        }
      })();
      const backup = await cli('backup', [archive], envOf(source.config, sourceStorage()));
      saving = false;
      await editing;
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stderr).toMatch(/rows, \d+ files/);
      expect(saves).toBeGreaterThan(0);

      const target = await emptyTarget(to, targetStorage());
      restoredTarget = target;
      const restore = await cli('restore', [archive], target.env);
      expect(restore.code, restore.stderr).toBe(0);
      const [before, after] = [await contents(envOf(source.config, sourceStorage())), await contents(target.env)];
      expect(after.hashes).toEqual(before.hashes);
      expect(Object.keys(after.hashes).length).toBeGreaterThan(10);
      // What the editor's saves wrote may have moved on since the snapshot; nothing else did.
      const moving = new Set([
        'network_collections',
        'revisions',
        'audit_log',
        'search_index',
        'users',
        'refresh_tokens',
        'login_challenges',
        'rate_limit_hits',
        'presence',
        'periodic_jobs',
      ]);
      for (const [table, count] of Object.entries(before.counts)) if (!moving.has(table)) expect(after.counts[table], table).toBe(count);
      expect(after.counts.redirects).toBe(before.counts.redirects);
      const restored = await startOn(target.env);
      try {
        const row = await restored.db.selectFrom('redirects').select('version').where('id', '=', saved.id).executeTakeFirstOrThrow();
        expect(row.version).toBeLessThanOrEqual(saves + 1);
        expect(await publicPages(restored)).toEqual(await publicPages(source.app));
        // The search index is rebuilt from the restored records, PostgreSQL's word index with it.
        const searched = (await restored.inject({ url: `/api/search?q=${encodeURIComponent('собрание акционеров')}` })).json() as { data: { total: number } };
        expect(searched.data.total).toBeGreaterThan(0);
        if (to === 'postgres') {
          const wordIndex = await sql<{ name: string }>`select indexname as name from pg_indexes where indexname = 'search_index_document_idx'`.execute(
            restored.db,
          );
          expect(wordIndex.rows).toHaveLength(1);
        }
        expect((await login(restored, TEST_ADMIN.email, TEST_ADMIN.password)).statusCode).toBe(200);
        expect((await login(restored, editor.user.email, editor.password)).statusCode).toBe(200);
      } finally {
        await restored.close();
      }
    },
    SLOW,
  );

  it(
    'refuses a cut-off archive, an encrypted one with the wrong key, and a target with content without --replace; restores the encrypted one over it with --replace',
    async () => {
      const target = await emptyTarget(to, null);
      try {
        const cut = path.join(folder(), 'cut.tar.gz');
        await copyFile(archive, cut);
        await truncate(cut, Math.floor((await stat(archive)).size * 0.8));
        const refused = await cli('restore', [cut], target.env);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('the archive is refused');
        expect(Object.values((await contents(target.env)).counts).every((count) => count === 0)).toBe(true);
        expect((await contents(target.env)).hashes).toEqual({});

        const encrypted = path.join(folder(), 'site.tar.gz.enc');
        expect((await cli('backup', [encrypted], { ...envOf(source.config, sourceStorage()), BACKUP_KEY: KEY })).code).toBe(0);
        expect((await readFile(encrypted)).subarray(0, 8).toString()).toBe('SITEBKE1');
        const wrongKey = await cli('restore', [encrypted], { ...target.env, BACKUP_KEY: 'not the right passphrase' });
        expect(wrongKey.stderr).toContain('BACKUP_KEY is wrong');
        const noKey = await cli('restore', [encrypted], target.env);
        expect(noKey.stderr).toContain('set BACKUP_KEY');
        expect((await contents(target.env)).hashes).toEqual({});

        // Over the site the first test restored, the encrypted archive is refused without --replace and restored with it.
        if (!restoredTarget) throw new Error('the first test restores the site this part restores over');
        const over = restoredTarget.env;
        const restored = await contents(over);
        const again = await cli('restore', [encrypted], { ...over, BACKUP_KEY: KEY });
        expect(again.code).toBe(1);
        expect(again.stderr).toContain('--replace');
        expect(await contents(over)).toEqual(restored);
        const replaced = await cli('restore', [encrypted, '--replace'], { ...over, BACKUP_KEY: KEY });
        expect(replaced.code, replaced.stderr).toBe(0);
        expect((await contents(over)).hashes).toEqual(restored.hashes);
      } finally {
        await target.drop();
      }
    },
    SLOW,
  );
});
