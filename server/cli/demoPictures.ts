/**
 * Encodes the demo's pictures into `build/demo-pictures` (see server/demo/pictures.ts), so that a first start copies
 * them instead of encoding: the last step of `npm run build`. Seeds the demo into a throwaway SQLite database, which
 * asks for exactly the pictures a real seed does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { DEMO_PICTURES_FOLDER, DemoPictures } from '../demo/pictures.js';
import { seedDemoContent } from '../demo/seed.js';
import { LocalFileStore } from '../files/store.js';

const started = Date.now();
const scratch = await mkdtemp(path.join(tmpdir(), 'demo-pictures-'));
await rm(DEMO_PICTURES_FOLDER, { recursive: true, force: true });
const config = loadConfig({ DATA_DIR: scratch });
const { db } = connectDatabase(config);
try {
  await migrateToLatest(db as Kysely<unknown>);
  await seedDemoContent(db, new LocalFileStore(config.uploadsDir), new DemoPictures(DEMO_PICTURES_FOLDER));
  console.log(`Demo pictures encoded into ${path.relative(process.cwd(), DEMO_PICTURES_FOLDER)} in ${Date.now() - started} ms.`);
} finally {
  await db.destroy();
  await rm(scratch, { recursive: true, force: true });
}
// The content workers that sanitised the demo's texts would keep the process waiting for their idle timeout.
process.exit(0);
