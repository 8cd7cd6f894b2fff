import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/0001_initial.js';
import * as auth from './migrations/0002_auth.js';
import * as twoFactor from './migrations/0004_two_factor.js';

/** Migrations in the order they apply; add a new file and list it here. */
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_auth': auth,
  '0004_two_factor': twoFactor,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
