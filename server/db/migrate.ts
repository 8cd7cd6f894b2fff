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

/** The migrations applied to the database and those still pending, each in order. */
export async function migrationStatus(db: Kysely<unknown>): Promise<{ applied: string[]; pending: string[] }> {
  const migrations = await new Migrator({ db, provider }).getMigrations();
  return {
    applied: migrations.filter((migration) => migration.executedAt !== undefined).map((migration) => migration.name),
    pending: migrations.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name),
  };
}
