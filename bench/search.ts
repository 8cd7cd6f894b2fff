import { cpus } from 'node:os';
import { SEARCH_PAGE_SIZE } from '../lib/search.js';
import { reindexAll } from '../server/search/indexer.js';
import { corpusWords } from './corpus.js';
import { benchApp, percentile } from './harness.js';

const ITEMS = 100_000;
const QUERIES = 1_000;

/** From the most common word of the corpus («компания», in almost every item) to rare ones, in various forms. */
const SEARCHES = [
  'компании',
  'отчётов',
  'акционерам',
  'новостей',
  'заводы',
  'цифровой платформы',
  'облигаций',
  'годовой отчет',
  'биржи',
  'премия агентства',
  'итоги квартала',
];

/**
 * Search latency over 100,000 news items on SQLite: the site's search (a page of 10 results with their
 * fragments, and the total) for one- and two-word queries in various forms. Prints p50 and p99.
 */
export async function benchSearch(): Promise<void> {
  const { app, close } = await benchApp({ seedDemo: false });
  try {
    const sentence = corpusWords(42);
    const now = Date.now();
    const started = performance.now();
    await app.db.transaction().execute(async (trx) => {
      for (let offset = 0; offset < ITEMS; offset += 500) {
        const rows = Array.from({ length: 500 }, (_, index) => {
          const at = new Date(now - (offset + index) * 60_000).toISOString();
          return {
            title: sentence(6),
            slug: `novost-${offset + index}`,
            lead: sentence(20),
            content: `<p>${sentence(80)}</p><p>${sentence(80)}</p>`,
            image: null,
            image_alt: '',
            public_at: at,
            published: 1 as const,
            seo_title: '',
            seo_description: '',
            created_at: at,
            updated_at: at,
          };
        });
        await trx.insertInto('news').values(rows).execute();
      }
    });
    const inserted = performance.now();
    await reindexAll(app.db);
    const indexed = performance.now();

    const durations: number[] = [];
    const found = new Map<string, string>();
    for (let i = 0; i < QUERIES; i++) {
      const q = SEARCHES[i % SEARCHES.length] ?? 'отчёт';
      const t0 = performance.now();
      const page = await app.content.search.search(q, 1 + (i % 3));
      durations.push(performance.now() - t0);
      found.set(q, page.more ? `more than ${page.total}` : String(page.total));
    }
    durations.sort((a, b) => a - b);
    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    console.log(`\nSearch: ${ITEMS.toLocaleString('en')} news items on SQLite (FTS5, Snowball stems), ${QUERIES} queries, ${SEARCH_PAGE_SIZE} results a page`);
    console.log(`machine: ${cpus().length} CPUs (${cpu}), Node ${process.version}`);
    console.log(`insert ${((inserted - started) / 1000).toFixed(1)} s, index ${((indexed - inserted) / 1000).toFixed(1)} s`);
    console.log(`found: ${[...found].map(([q, total]) => `«${q}» ${total}`).join(', ')}`);
    console.log(
      `search p50 ${percentile(durations, 0.5).toFixed(2)} ms  p99 ${percentile(durations, 0.99).toFixed(2)} ms  max ${(durations.at(-1) ?? 0).toFixed(2)} ms`,
    );
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) await benchSearch();
