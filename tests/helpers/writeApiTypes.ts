import { writeFile } from 'node:fs/promises';
import { createTestApp } from './app.js';
import { API_TYPES_FILE, liveDocument, renderApiTypes } from './apiTypes.js';

/** `npm run api:types`: regenerates tests/generated/api.ts from the document of a fresh application. */
const t = await createTestApp('sqlite');
try {
  await writeFile(API_TYPES_FILE, await renderApiTypes(await liveDocument(t.app)));
  console.log(`wrote ${API_TYPES_FILE}`);
} finally {
  await t.close();
}
