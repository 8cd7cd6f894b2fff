import { mkdtemp, rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { ArchiveError } from '../../server/backup/encryption.js';
import { restoreBackup } from '../../server/backup/restore.js';
import { loadConfig, type AppConfig } from '../../server/config.js';
import { LocalFileStore } from '../../server/files/store.js';
import { backUpInto, ndjson, rewriteArchive } from '../helpers/archives.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createPostgresDatabase, testDialects } from '../helpers/databases.js';
import { TEST_SETTINGS } from '../helpers/settings.js';

/**
 * A restore writes exactly the tables a backup writes: rows for the migrations' bookkeeping, SQLite's own tables,
 * sign-in sessions or a table the schema does not have are refused whole, the target is left as it was, and the site
 * still starts on it.
 */
describe.each(await testDialects())('restore refuses tables no backup holds (%s)', (dialect) => {
  let source: TestApp;
  let folder: string;
  let archive: string;
  let target: AppConfig;
  let dropTarget: () => Promise<void>;

  beforeAll(async () => {
    source = await createTestApp(dialect);
    folder = await mkdtemp(path.join(tmpdir(), 'site-restore-tables-'));
    archive = path.join(folder, 'site.tar.gz');
    await backUpInto(archive, { ...source.config, files: source.app.files });
    const dataDir = path.join(folder, 'target');
    const postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
    dropTarget = async () => void (await postgres?.drop());
    target = loadConfig({
      ...TEST_SETTINGS,
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url,
      SEED_DEMO: '0',
      JWT_SECRET: 'a-secret-that-is-long-enough-for-hs256-x',
    });
    await restore(archive, false);
  }, 120_000);

  afterAll(async () => {
    await source?.close();
    await dropTarget?.();
    await rm(folder, { recursive: true, force: true });
  });

  const restore = (file: string, replace: boolean) =>
    restoreBackup({ ...target, files: new LocalFileStore(target.uploadsDir) }, { open: async () => createReadStream(file), passphrase: null, replace });

  /** The target's migrations and users, and whether a server starts on it and answers. */
  async function startedTarget() {
    const app = await buildApp(target, { logger: false, viewFlushMs: 60_000 });
    try {
      const health = await app.inject('/api/health');
      const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(app.db);
      const users = await app.db.selectFrom('users').select(['id', 'email']).orderBy('id').execute();
      const sessions = await app.db.selectFrom('refresh_tokens').select('id').execute();
      return { health: health.statusCode, migrations: migrations.rows.map((row) => row.name), users, sessions: sessions.length };
    } finally {
      await app.close();
    }
  }

  /** An archive with rows for `table` added to it, listed in its manifest as a backup would list them. */
  async function withRows(table: string, rows: Record<string, unknown>[], listed = true): Promise<string> {
    const forged = path.join(folder, `with-${table}-${listed ? 'listed' : 'unlisted'}.tar.gz`);
    await rewriteArchive(archive, forged, ({ parts, manifest }) => {
      const bytes = ndjson(rows);
      parts.push({ name: `tables/${table}/000000.ndjson`, size: bytes.length, source: () => bytes });
      if (listed) manifest.tables.push({ name: table, rows: rows.length });
    });
    return forged;
  }

  it('restores the backup itself, and the site starts on it', async () => {
    const restored = await startedTarget();
    expect(restored.health).toBe(200);
    expect(restored.users.length).toBeGreaterThan(0);
    expect(restored.migrations.length).toBeGreaterThan(10);
  });

  it.each([
    ['kysely_migration', [{ name: '9999_evil', timestamp: '2026-01-01T00:00:00.000Z' }]],
    ['sqlite_sequence', [{ name: 'users', seq: 2_000_000_000 }]],
    ['refresh_tokens', [{ id: 1, user_id: 1, token_hash: 'x'.repeat(64), expires_at: '2099-01-01T00:00:00.000Z', created_at: '2026-01-01T00:00:00.000Z' }]],
    ['not_a_table', [{ id: 1 }]],
  ])('refuses rows for %s, listed in the manifest or not, and leaves a site that starts', async (table, rows) => {
    const before = await startedTarget();
    for (const listed of [true, false]) {
      const refused = restore(await withRows(table, rows, listed), true);
      await expect(refused).rejects.toBeInstanceOf(ArchiveError);
      await expect(refused).rejects.toThrow(new RegExp(`table ${table}`));
      const after = await startedTarget();
      expect(after).toEqual(before);
      expect(after.migrations).not.toContain('9999_evil');
    }
  });
});
