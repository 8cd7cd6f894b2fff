import type { DialectName } from '../server/db/connect.js';
import { benchAdminScreens, benchNewsEditReady } from './adminScreens.js';
import { benchArchive } from './archive.js';
import { benchAssets } from './assets.js';
import { benchEditors } from './editors.js';
import { benchBackup } from './backup.js';
import { benchHttp } from './http.js';
import { benchLargeSite } from './large.js';
import { benchReads } from './reads.js';
import { benchRoles } from './roles.js';
import { benchSearch } from './search.js';
import { benchSite } from './site.js';
import { benchStart } from './start.js';
import { benchVikeFloor } from './vikeFloor.js';

/**
 * `npm run bench`: every benchmark in turn; each prints its own numbers. `npm run bench -- --large [sqlite|postgres]`
 * runs only the large-site benchmark, on the named dialect or on both. `npm run bench -- --editors [--large]
 * [sqlite|postgres]` runs only the editor's-day benchmark (editors.ts), on the demo or the large site;
 * `npm run bench -- --backup` only the backup and restore of the large site; `npm run bench -- --admin` only the admin's
 * screens in Chromium; `npm run bench -- --news-edit` only the news edit screen's time to a usable form;
 * `npm run bench -- --start` only the cost of a first and a second start (start.ts); `npm run bench -- --roles` only
 * what checking a role's rights costs an admin request (roles.ts).
 */
const args = process.argv.slice(2);
const DIALECTS: readonly DialectName[] = ['sqlite', 'postgres'];
const dialectArg = args.find((arg) => !arg.startsWith('--'));
const chosen = DIALECTS.find((name) => name === dialectArg);
if (dialectArg !== undefined && !chosen) throw new Error(`unknown dialect ${dialectArg}: sqlite or postgres`);
if (args.includes('--editors')) {
  await benchEditors({ large: args.includes('--large'), dialects: chosen ? [chosen] : DIALECTS });
} else if (args.includes('--large')) {
  await benchLargeSite(chosen ? [chosen] : undefined);
} else if (args.includes('--backup')) {
  await benchBackup();
} else if (args.includes('--news-edit')) {
  await benchNewsEditReady();
} else if (args.includes('--admin')) {
  await benchAdminScreens();
} else if (args.includes('--start')) {
  await benchStart();
} else if (args.includes('--roles')) {
  await benchRoles();
} else {
  await benchStart();
  await benchReads();
  await benchArchive();
  await benchSite();
  await benchVikeFloor();
  await benchHttp();
  await benchSearch();
  await benchAssets();
}
