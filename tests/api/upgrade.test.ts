import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { connectDatabase, type DialectName } from '../../server/db/connect.js';
import { migrationsInOrder } from '../../server/db/migrate.js';
import { TEST_ADMIN } from '../helpers/app.js';
import { createPostgresDatabase, testDialects } from '../helpers/databases.js';
import { TEST_SETTINGS } from '../helpers/settings.js';

interface LogLine {
  msg: string;
  migrations?: string[];
  archive?: string | null;
  pending?: string[];
  latest?: string;
  firstStart?: boolean;
}

/**
 * A newer version started on an older database says which migrations it applied and archives the database before
 * it migrates it, so the operator can go back; a first start and a start with nothing to apply make no archive.
 */
describe.each(await testDialects())('starting a newer version on %s', (dialect: DialectName) => {
  let folder: string;
  let databaseUrl: string | null = null;
  let dropDatabase: () => Promise<void> = async () => undefined;
  let names: string[];

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'site-upgrade-'));
    names = (await migrationsInOrder()).map(([name]) => name);
  });
  afterAll(async () => {
    await dropDatabase();
    await rm(folder, { recursive: true, force: true });
  });

  const env = (extra: NodeJS.ProcessEnv = {}) =>
    loadConfig({
      ...TEST_SETTINGS,
      SEED_DEMO: '0',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: path.join(folder, 'data'),
      BACKUP_DIR: path.join(folder, 'backups'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...extra,
    });

  /** Starts the current version, answers its log lines about migrations, and stops it. */
  const start = async (extra: NodeJS.ProcessEnv = {}) => {
    const lines: string[] = [];
    const app = await buildApp(env(extra), { logger: { level: 'info', stream: { write: (line) => void lines.push(line) } }, viewFlushMs: 60_000 });
    await app.close();
    return lines.map((line) => JSON.parse(line) as LogLine).filter((line) => /migrations|backed up the database/.test(line.msg));
  };

  /** A new database with the schema of an older version: the migrations up to `last`, none after it (null: empty). */
  const olderVersion = async (last: string | null) => {
    await dropDatabase();
    await rm(path.join(folder, 'data'), { recursive: true, force: true });
    if (dialect === 'postgres') {
      const created = await createPostgresDatabase();
      databaseUrl = created.url;
      dropDatabase = created.drop;
    }
    if (last === null) return;
    const { db } = connectDatabase(env());
    const migrations = Object.fromEntries(await migrationsInOrder());
    const result = await new Migrator({ db: db as Kysely<unknown>, provider: { getMigrations: async () => migrations } }).migrateTo(last);
    expect(result.error).toBeUndefined();
    await db.destroy();
  };

  const archives = async () => (await readdir(path.join(folder, 'backups')).catch(() => [] as string[])).sort();

  it('on a first start applies every migration, says so, and makes no archive', async () => {
    await olderVersion(null);
    const logged = await start();
    expect(logged).toEqual([expect.objectContaining({ msg: 'migrations applied', migrations: names, firstStart: true, archive: null })]);
    expect(await archives()).toEqual([]);
    // Started again: nothing to apply, and it says so.
    expect(await start()).toEqual([expect.objectContaining({ msg: 'no migrations needed', latest: names.at(-1) })]);
    expect(await archives()).toEqual([]);
  }, 120_000);

  it('on an upgrade archives the database into BACKUP_DIR first, then names each migration it applies', async () => {
    const older = names.at(-3)!;
    await olderVersion(older);
    const pending = names.slice(-2);
    const logged = await start();
    const [archived, applied] = logged;
    expect(logged).toHaveLength(2);
    expect(archived).toMatchObject({ msg: 'backed up the database before upgrading it', pending });
    const made = await archives();
    expect(made).toEqual([expect.stringMatching(new RegExp(`^pre-upgrade-\\d{8}T\\d{6}Z-before-${pending[0]}\\.tar\\.gz$`))]);
    expect(archived?.archive).toBe(path.join(folder, 'backups', made[0]!));
    expect(applied).toMatchObject({ msg: 'migrations applied', migrations: pending, firstStart: false, archive: archived?.archive });
  }, 120_000);

  it('makes no archive when UPGRADE_BACKUP=0', async () => {
    await rm(path.join(folder, 'backups'), { recursive: true, force: true });
    await olderVersion(names.at(-2)!);
    const logged = await start({ UPGRADE_BACKUP: '0' });
    expect(logged).toEqual([expect.objectContaining({ msg: 'migrations applied', migrations: names.slice(-1), archive: null })]);
    expect(await archives()).toEqual([]);
  }, 120_000);
});
