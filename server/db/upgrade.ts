import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';
import { migrateToLatest, migrationStatus } from './migrate.js';

interface UpgradeLog {
  info: (object: object, message: string) => void;
}

/**
 * Makes an archive of the database as it is before `pending` are applied, answering where it went. Called only for
 * an upgrade: a database some migrations were already applied to, which may hold a site.
 */
export type BackupBeforeUpgrade = (pending: string[]) => Promise<string>;

/**
 * Brings the database to the code's schema at start and says so in one log line: the migrations applied and how
 * long they took, or that none were needed. Before migrating a database that earlier code already migrated (an
 * upgrade, not a first start), `backup` archives it first, so the operator can go back to the old version with it;
 * when the archive fails, nothing is migrated and the start stops. Processes starting together on PostgreSQL take
 * turns (an advisory lock): the first backs up and migrates, the others find nothing pending.
 */
export async function migrateOnStart(db: Kysely<unknown>, log: UpgradeLog, backup: BackupBeforeUpgrade | null): Promise<string[]> {
  const upgrade = async () => {
    const { applied, pending } = await migrationStatus(db);
    let archive: string | null = null;
    if (pending.length > 0 && applied.length > 0 && backup) {
      const began = Date.now();
      archive = await backup(pending);
      log.info({ archive, ms: Date.now() - began, from: applied.at(-1), pending }, 'backed up the database before upgrading it');
    }
    const began = Date.now();
    const done = await migrateToLatest(db);
    if (done.length === 0) log.info({ latest: applied.at(-1) ?? null }, 'no migrations needed');
    else log.info({ migrations: done, from: applied.at(-1) ?? null, ms: Date.now() - began, firstStart: applied.length === 0, archive }, 'migrations applied');
    return done;
  };
  if (!isPostgres(db)) return upgrade();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext('site-upgrade'))`.execute(connection);
    try {
      return await upgrade();
    } finally {
      await sql`select pg_advisory_unlock(hashtext('site-upgrade'))`.execute(connection).catch(() => undefined);
    }
  });
}
