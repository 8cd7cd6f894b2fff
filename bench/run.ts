import { benchArchive } from './archive.js';
import { benchHttp } from './http.js';
import { benchReads } from './reads.js';
import { benchSearch } from './search.js';
import { benchSite } from './site.js';
import { benchVikeFloor } from './vikeFloor.js';

/** `npm run bench`: every benchmark in turn; each prints its own numbers. */
await benchReads();
await benchArchive();
await benchSite();
await benchVikeFloor();
await benchHttp();
await benchSearch();
