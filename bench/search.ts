import { cpus } from 'node:os';
import { SEARCH_PAGE_SIZE } from '../lib/search.js';
import { reindexAll } from '../server/search/indexer.js';
import { benchApp, percentile } from './harness.js';

const ITEMS = 100_000;
const QUERIES = 1_000;

/** Russian words in several forms, so that the stemmer has real work; rarer words come later in the list. */
const WORDS = `компания компании компанией отчёт отчёты отчётов годовой годового акционер акционеры акционерам акционеров
  собрание собрания совет директоров дивиденды дивидендов выплата выплаты новость новости новостей завод заводы заводов
  производство производства продукция продукции рынок рынка рынке клиент клиенты клиентов банк банка банков кредит
  кредиты кредитов заём займа займы залог залога платформа платформы цифровой цифровая цифровых технология технологии
  технологий инвестиции инвестиций инвестор инвесторы инвесторам проект проекты проектов развитие развития стратегия
  стратегии офис офиса офисы регион региона регионов сотрудник сотрудники сотрудников партнёр партнёры партнёров
  соглашение соглашения подписание подписала открытие открыла запуск запустила выручка выручки прибыль прибыли рост
  роста снижение квартал квартала года году итоги итогов результаты результатов финансовые финансовых отчётность
  отчётности раскрытие раскрытия информация информации существенный существенного факт факта решение решения
  устойчивое устойчивого экология экологии энергия энергии сеть сети филиал филиала филиалов услуга услуги услуг
  обслуживание обслуживания приложение приложения мобильное мобильного рейтинг рейтинга агентство агентства премия
  премии награда награды конференция конференции форум форума выставка выставки интервью директор директора
  председатель председателя правление правления облигации облигаций выпуск выпуска размещение размещения биржа биржи`
  .split(/\s+/)
  .filter(Boolean);

/** A small deterministic generator, so that every run indexes the same texts. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Words drawn with a skew towards the start of the list, as real texts repeat common words. */
function sentence(next: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(next() ** 1.6 * WORDS.length)] ?? 'компания').join(' ');
}

const SEARCHES = [
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
    const next = random(42);
    const now = Date.now();
    const started = performance.now();
    await app.db.transaction().execute(async (trx) => {
      for (let offset = 0; offset < ITEMS; offset += 500) {
        const rows = Array.from({ length: 500 }, (_, index) => {
          const at = new Date(now - (offset + index) * 60_000).toISOString();
          return {
            title: sentence(next, 6),
            slug: `novost-${offset + index}`,
            lead: sentence(next, 20),
            content: `<p>${sentence(next, 40)}</p><p>${sentence(next, 40)}</p>`,
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
    let results = 0;
    for (let i = 0; i < QUERIES; i++) {
      const t0 = performance.now();
      const page = await app.content.search.search(SEARCHES[i % SEARCHES.length] ?? 'отчёт', 1 + (i % 3));
      durations.push(performance.now() - t0);
      results += page.total;
    }
    durations.sort((a, b) => a - b);
    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    console.log(`\nSearch: ${ITEMS.toLocaleString('en')} news items on SQLite (FTS5, Snowball stems), ${QUERIES} queries, ${SEARCH_PAGE_SIZE} results a page`);
    console.log(`machine: ${cpus().length} CPUs (${cpu}), Node ${process.version}`);
    console.log(
      `insert ${((inserted - started) / 1000).toFixed(1)} s, index ${((indexed - inserted) / 1000).toFixed(1)} s; ${Math.round(results / QUERIES)} matches per query on average`,
    );
    console.log(
      `search p50 ${percentile(durations, 0.5).toFixed(2)} ms  p99 ${percentile(durations, 0.99).toFixed(2)} ms  max ${(durations.at(-1) ?? 0).toFixed(2)} ms`,
    );
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) await benchSearch();
