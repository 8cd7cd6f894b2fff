import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Every module of `migrations/` is a migration, named by its file (`0003_…`) and applied in name order. */
const provider: MigrationProvider = {
  async getMigrations() {
    const files = (await readdir(MIGRATIONS_FOLDER)).filter((file) => /^\d{4}_\w+\.(?:js|ts)$/.test(file)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.(?:js|ts)$/, '')] = (await import(pathToFileURL(path.join(MIGRATIONS_FOLDER, file)).href)) as Migration;
    }
    return migrations;
  },
};

/** Every migration by name, in the order they apply. */
export async function migrationsInOrder(): Promise<[string, Migration][]> {
  return Object.entries(await provider.getMigrations()).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Applies every pending migration; answers the names of those it applied, in order. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** Applies the next pending migration alone; answers its name, or null when none is pending. */
export async function applyNextMigration(db: Kysely<unknown>): Promise<string | null> {
  const { error, results } = await new Migrator({ db, provider }).migrateUp();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return results?.find((result) => result.status === 'Success')?.migrationName ?? null;
}

/**
 * The migrations applied to the database and those still pending, each in order, and when each applied one was
 * applied. Reads only: a database never migrated (no bookkeeping table yet) has every migration pending.
 */
export async function migrationStatus(db: Kysely<unknown>): Promise<{ applied: string[]; pending: string[]; appliedAt: Map<string, Date> }> {
  const migrations = await new Migrator({ db, provider }).getMigrations();
  const appliedAt = new Map<string, Date>();
  for (const migration of migrations) if (migration.executedAt !== undefined) appliedAt.set(migration.name, migration.executedAt);
  return {
    applied: migrations.filter((migration) => migration.executedAt !== undefined).map((migration) => migration.name),
    pending: migrations.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name),
    appliedAt,
  };
}
