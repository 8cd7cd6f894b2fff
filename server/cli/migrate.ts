/**
 * The database's migrations by hand: `npm run migrate -- --status` says which migrations are applied (and when) and
 * which are pending, changing nothing; `npm run migrate` applies the pending ones, one by one, and says each. Same
 * configuration as the server (DATABASE_URL or SQLite in DATA_DIR). A server's start does the same by itself; the
 * command lets an operator see and do it beforehand. Like a start, an upgrade of a database migrated before is
 * archived into BACKUP_DIR first (UPGRADE_BACKUP=0 skips it).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { backupBeforeUpgrade } from '../backup/beforeUpgrade.js';
import { configuredFileStore } from '../backup/fileStoreOf.js';
import { loadConfig, type AppConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { applyNextMigration, migrationStatus } from '../db/migrate.js';
import { databaseUnreachable } from '../db/unreachable.js';

const USAGE = 'Usage: npm run migrate [-- --status]\n';

let parsed;
try {
  parsed = parseArgs({ allowPositionals: false, options: { status: { type: 'boolean', default: false } } });
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
const statusOnly = parsed.values.status;

/** The database in words, without its password: where the command reads and writes. */
function describeDatabase(config: AppConfig): string {
  if (!config.databaseUrl) return `SQLite, ${path.join(config.dataDir, 'site.db')}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL, ${url.host}${url.pathname}`;
}

const at = (date: Date) =>
  `${date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, '')} UTC`;

async function printStatus(db: Kysely<unknown>, config: AppConfig): Promise<void> {
  const { applied, pending, appliedAt } = await migrationStatus(db);
  const lines = [`Database: ${describeDatabase(config)}`];
  if (applied.length === 0) lines.push('Applied migrations: none (the database was never migrated).');
  else {
    lines.push(`Applied migrations (${applied.length}):`);
    const width = Math.max(...applied.map((name) => name.length));
    for (const name of applied) {
      const when = appliedAt.get(name);
      lines.push(`  ${name.padEnd(width)}  applied ${when ? at(when) : 'at an unknown time'}`);
    }
  }
  if (pending.length === 0) lines.push('Pending migrations: none; the database is up to date.');
  else {
    lines.push(`Pending migrations (${pending.length}), applied by \`npm run migrate\` or the next start:`);
    for (const name of pending) lines.push(`  ${name}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function applyPending(db: Kysely<unknown>, config: AppConfig): Promise<void> {
  const { applied, pending } = await migrationStatus(db);
  if (pending.length === 0) {
    process.stdout.write(`No pending migrations; the database is up to date (${applied.at(-1) ?? 'no migrations'}).\n`);
    return;
  }
  // As at a start: a database earlier code migrated may hold a site, so it is archived before it changes.
  if (applied.length > 0 && config.upgradeBackup) {
    const { files, close } = configuredFileStore(config);
    try {
      process.stdout.write('Backing up the database before upgrading it…\n');
      const archive = await backupBeforeUpgrade({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, files }, config.backup, pending);
      process.stdout.write(`Backed up to ${archive}\n`);
    } finally {
      close();
    }
  }
  process.stdout.write(`Applying ${pending.length} migration${pending.length === 1 ? '' : 's'} from ${applied.at(-1) ?? 'an empty database'}:\n`);
  let count = 0;
  for (;;) {
    const began = Date.now();
    const name = await applyNextMigration(db);
    if (name === null) break;
    count++;
    process.stdout.write(`  applied ${name} (${Date.now() - began} ms)\n`);
  }
  process.stdout.write(`Done: ${count} migration${count === 1 ? '' : 's'} applied; the database is up to date.\n`);
}

const config = loadConfig();
const { db } = connectDatabase(config);
try {
  if (statusOnly) await printStatus(db as Kysely<unknown>, config);
  else await applyPending(db as Kysely<unknown>, config);
} catch (error) {
  const unreachable = databaseUnreachable(error, config.databaseUrl);
  process.stderr.write(`Error: ${unreachable?.message ?? (error instanceof Error ? error.message : String(error))}\n`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
