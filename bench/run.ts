import type { DialectName } from '../server/db/connect.js';
import { benchArchive } from './archive.js';
import { benchAssets } from './assets.js';
import { benchHttp } from './http.js';
import { benchLargeSite } from './large.js';
import { benchReads } from './reads.js';
import { benchSearch } from './search.js';
import { benchSite } from './site.js';
import { benchVikeFloor } from './vikeFloor.js';

/**
 * `npm run bench`: every benchmark in turn; each prints its own numbers. `npm run bench -- --large [sqlite|postgres]`
 * runs only the large-site benchmark, on the named dialect or on both.
 */
const [mode, dialect] = process.argv.slice(2);
const DIALECTS: readonly DialectName[] = ['sqlite', 'postgres'];
if (mode === '--large') {
  const chosen = DIALECTS.find((name) => name === dialect);
  if (dialect !== undefined && !chosen) throw new Error(`unknown dialect ${dialect}: sqlite or postgres`);
  await benchLargeSite(chosen ? [chosen] : undefined);
} else {
  await benchReads();
  await benchArchive();
  await benchSite();
  await benchVikeFloor();
  await benchHttp();
  await benchSearch();
  await benchAssets();
}
