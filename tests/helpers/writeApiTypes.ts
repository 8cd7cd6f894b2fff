import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { API_TYPES_FILE, liveDocument, renderApiTypes } from './apiTypes.js';

/** `npm run api:types`: regenerates tests/generated/api.ts from the document of a fresh application. */
const dataDir = await mkdtemp(path.join(tmpdir(), 'api-types-'));
const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0' }), { logger: false });
try {
  await writeFile(API_TYPES_FILE, await renderApiTypes(await liveDocument(app)));
  console.log(`wrote ${API_TYPES_FILE}`);
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
