/**
 * Typesets the stored texts of every field declared with `typography` (`npm run typography`), as a save does for new
 * ones: see `server/resources/typesetStored.ts` for how each record changes. Uses the server's configuration
 * (DATABASE_URL, DATA_DIR) and applies pending migrations first. Safe to run again: typeset text stays as it is.
 */
import type { Kysely } from 'kysely';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { typesetStored } from '../resources/typesetStored.js';

const config = loadConfig();
const { db } = connectDatabase(config);
try {
  await migrateToLatest(db as Kysely<unknown>);
  const started = Date.now();
  const reports = await typesetStored(db, config.revisionsKeep);
  for (const { resource, records, changed } of reports) console.log(`${resource}: ${changed} of ${records} records typeset.`);
  console.log(`Done in ${Date.now() - started} ms.`);
} finally {
  await db.destroy();
}
