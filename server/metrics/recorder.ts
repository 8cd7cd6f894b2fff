import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { CACHE_OUTCOMES, type CacheOutcome } from '../cache/outcomes.js';

/** Request durations from a millisecond (a cache hit) to the 30 s a request may take at most. */
const REQUEST_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Statement durations from a tenth of a millisecond (SQLite's reads by key) to the default statement timeout. */
const QUERY_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The label of requests no route matched: their addresses are whatever a client sends, never a label. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The metrics one application keeps, in a registry of its own (never prom-client's global one, so that several
 * applications in one process, as in the tests, count apart), with the process's and Node.js's metrics.
 * What is measured as it happens is recorded here; what is read at scrape time is added by `installMetrics`.
 */
export class MetricsRecorder {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'route' | 'method' | 'status_code'>;
  private readonly queryDuration: Histogram;
  private readonly pageCacheRequests: Counter<'outcome'>;
  private readonly pageCacheRenders: Counter;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request to its answer, by route pattern, method and status code.',
      labelNames: ['route', 'method', 'status_code'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.queryDuration = new Histogram({
      name: 'db_query_duration_seconds',
      help: 'Time each database statement took, failed ones included.',
      buckets: QUERY_BUCKETS,
      registers,
    });
    this.pageCacheRequests = new Counter({
      name: 'page_cache_requests_total',
      help: "Public reads by how the page cache answered: hit (from the cache), miss (rendered), collapsed (waited for another request's render), bypass (rendered without the cache).",
      labelNames: ['outcome'],
      registers,
    });
    this.pageCacheRenders = new Counter({
      name: 'page_cache_renders_total',
      help: 'Public reads rendered by this process (misses and bypasses).',
      registers,
    });
    // Every outcome is there from the start, so that a ratio of them is defined before the first miss.
    for (const outcome of CACHE_OUTCOMES) this.pageCacheRequests.inc({ outcome }, 0);
  }

  readonly observeRequest = (route: string | undefined, method: string, statusCode: number, elapsedMs: number): void => {
    this.requestDuration.observe({ route: route ?? UNMATCHED_ROUTE, method, status_code: statusCode }, elapsedMs / 1000);
  };

  readonly observeQuery = (durationMs: number): void => {
    this.queryDuration.observe(durationMs / 1000);
  };

  readonly observePageCache = (outcome: CacheOutcome): void => {
    this.pageCacheRequests.inc({ outcome });
    if (outcome === 'miss' || outcome === 'bypass') this.pageCacheRenders.inc();
  };
}
