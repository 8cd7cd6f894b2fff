import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, dropEverything } from '../../server/backup/schema.js';
import { loadConfig } from '../../server/config.js';
import { connectDatabase } from '../../server/db/connect.js';
import { migrationsInOrder } from '../../server/db/migrate.js';
import { createPostgresDatabase, testDialects } from '../helpers/databases.js';
import { runNpmScript } from '../helpers/process.js';

describe.each(await testDialects())('npm run migrate (server/cli/migrate.ts) on %s', (dialect) => {
  let dataDir: string;
  let postgres: { url: string; drop: () => Promise<void> } | null = null;
  let names: string[];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'site-migrate-'));
    postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
    names = (await migrationsInOrder()).map(([name]) => name);
  });
  afterAll(async () => {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const env = (): NodeJS.ProcessEnv => {
    const base: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    delete base.DATABASE_URL;
    delete base.UPGRADE_BACKUP;
    delete base.BACKUP_DIR;
    if (postgres) base.DATABASE_URL = postgres.url;
    return base;
  };
  const migrate = (args: string[]) => runNpmScript('migrate', args, env());

  /** The database brought to the first `count` migrations, as an older version of the site would have left it. */
  async function migrateTo(count: number): Promise<void> {
    const { db } = connectDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: postgres?.url }));
    try {
      const upTo = (await migrationsInOrder()).slice(0, count);
      await (db as unknown as Kysely<unknown>).transaction().execute(async (trx) => {
        await dropEverything(trx);
        await applyMigrations(trx, upTo);
      });
    } finally {
      await db.destroy();
    }
  }

  it('lists every migration as pending on a database never migrated, and changes nothing', async () => {
    const run = await migrate(['--status']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(dialect === 'postgres' ? 'Database: PostgreSQL' : `Database: SQLite, ${path.join(dataDir, 'site.db')}`);
    const password = postgres ? new URL(postgres.url).password : '';
    if (password) expect(run.stdout).not.toContain(password);
    expect(run.stdout).toContain('Applied migrations: none');
    expect(run.stdout).toContain(`Pending migrations (${names.length})`);
    for (const name of names) expect(run.stdout).toContain(`  ${name}`);
    const again = await migrate(['--status']);
    expect(again.stdout).toContain(`Pending migrations (${names.length})`);
  });

  it('applies the pending migrations one by one and says each, then lists them applied with their time', async () => {
    await migrateTo(3);
    const status = await migrate(['--status']);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('Applied migrations (3):');
    for (const name of names.slice(0, 3)) expect(status.stdout).toMatch(new RegExp(`  ${name} +applied \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC`));
    expect(status.stdout).toContain(`Pending migrations (${names.length - 3}), applied by \`npm run migrate\``);

    const run = await migrate([]);
    expect(run.code, run.stderr).toBe(0);
    // A database migrated before is archived first, as at a start.
    expect(run.stdout).toMatch(/Backed up to .*pre-upgrade-.*-before-/);
    expect((await readdir(path.join(dataDir, 'backups'))).some((file) => file.startsWith('pre-upgrade-'))).toBe(true);
    expect(run.stdout).toContain(`Applying ${names.length - 3} migrations from ${names[2]}:`);
    const applied = [...run.stdout.matchAll(/^ {2}applied (\S+) \(\d+ ms\)$/gm)].map((match) => match[1]);
    expect(applied).toEqual(names.slice(3));
    expect(run.stdout).toContain(`Done: ${names.length - 3} migrations applied`);

    const after = await migrate(['--status']);
    expect(after.stdout).toContain(`Applied migrations (${names.length}):`);
    expect(after.stdout).toContain('Pending migrations: none; the database is up to date.');

    const nothing = await migrate([]);
    expect(nothing.code).toBe(0);
    expect(nothing.stdout).toContain(`No pending migrations; the database is up to date (${names.at(-1)}).`);
  }, 120_000);

  it('refuses an unknown option with its usage', async () => {
    const run = await migrate(['--frobnicate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: npm run migrate [-- --status]');
  });
});
