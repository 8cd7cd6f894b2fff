/**
 * Rebuilds the full-text search index from the records: `npm run search:reindex`. Uses the server's
 * configuration (DATABASE_URL, DATA_DIR) and applies pending migrations first.
 */
import type { Kysely } from 'kysely';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { reindexAll } from '../search/indexer.js';

const config = loadConfig();
const { db } = connectDatabase(config);
try {
  await migrateToLatest(db as Kysely<unknown>);
  const started = Date.now();
  const count = await reindexAll(db);
  console.log(`Search index rebuilt: ${count} documents in ${Date.now() - started} ms.`);
} finally {
  await db.destroy();
}
