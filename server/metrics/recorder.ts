import { readFileSync } from 'node:fs';
import path from 'node:path';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CACHE_OUTCOMES, type CacheOutcome } from '../cache/outcomes.js';
import { projectRoot } from '../projectRoot.js';

/** Request durations from a millisecond (a cache hit) to the 30 s a request may take at most. */
const REQUEST_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Statement durations from a tenth of a millisecond (SQLite's reads by key) to the default statement timeout. */
const QUERY_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The label of requests no route matched: their addresses are whatever a client sends, never a label. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * prom-client's counts of active handles, requests and resources as a whole are gauges whose names end in `_total`,
 * which Prometheus keeps for counters (`promtool check metrics` refuses them); the same counts by type stay, and
 * their sum is the total.
 */
const GAUGES_NAMED_AS_COUNTERS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/** The sign-in steps (password, then the code of two-factor sign-in) whose refusals are counted as failed sign-ins. */
const SIGN_IN_ROUTES = new Set(['/api/site/login', '/api/site/login/2fa']);
/** Why a sign-in was refused, by its status: a wrong password or code (or an expired step), or too many attempts. */
const SIGN_IN_FAILURES: Record<number, string> = { 401: 'credentials', 429: 'rate_limited' };

/** The version of the running code, as its package.json names it. */
function codeVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

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
  private readonly inFlight: Gauge;
  private readonly signInFailures: Counter<'reason'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    for (const name of GAUGES_NAMED_AS_COUNTERS) this.registry.removeSingleMetric(name);
    const registers = [this.registry];
    new Gauge({
      name: 'site_version_info',
      help: 'The version of the running code (package.json); always 1.',
      labelNames: ['version'],
      registers,
    }).set({ version: codeVersion() }, 1);
    this.inFlight = new Gauge({
      name: 'http_requests_in_flight',
      help: 'Requests this process has received and not answered yet, page-cache hits included.',
      registers,
    });
    this.signInFailures = new Counter({
      name: 'auth_sign_in_failures_total',
      help: 'Refused sign-in steps (password or two-factor code): credentials (wrong, or a step that expired), rate_limited (too many attempts).',
      labelNames: ['reason'],
      registers,
    });
    for (const reason of Object.values(SIGN_IN_FAILURES)) this.signInFailures.inc({ reason }, 0);
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

  /** A request has arrived: in flight until `requestEnded`. */
  readonly requestStarted = (): void => {
    this.inFlight.inc();
  };

  readonly requestEnded = (): void => {
    this.inFlight.dec();
  };

  /** An answered request, by its route label (`routeLabel`); a refused sign-in step is counted by why. */
  readonly observeRequest = (route: string, method: string, statusCode: number, elapsedMs: number): void => {
    this.requestDuration.observe({ route, method, status_code: statusCode }, elapsedMs / 1000);
    const failure = method === 'POST' && SIGN_IN_ROUTES.has(route) ? SIGN_IN_FAILURES[statusCode] : undefined;
    if (failure) this.signInFailures.inc({ reason: failure });
  };

  readonly observeQuery = (durationMs: number): void => {
    this.queryDuration.observe(durationMs / 1000);
  };

  readonly observePageCache = (outcome: CacheOutcome): void => {
    this.pageCacheRequests.inc({ outcome });
    if (outcome === 'miss' || outcome === 'bypass') this.pageCacheRenders.inc();
  };
}
