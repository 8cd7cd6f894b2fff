import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { BackupFailures } from '../backup/status.js';
import type { PoolUse } from '../db/connect.js';
import type { OutboxBacklog } from '../outbox/outbox.js';
import type { MetricsRecorder } from './recorder.js';
import { routeLabel } from './routeLabel.js';
import { addSiteGauges, type SiteGaugeSources } from './siteGauges.js';

export const METRICS_PATH = '/metrics';

export const METRICS_UNAUTHORIZED_MESSAGE = 'Метрики доступны только с токеном METRICS_TOKEN в заголовке Authorization: Bearer.';

export interface MetricsOptions extends SiteGaugeSources {
  /** `METRICS_TOKEN`: the bearer token a scraper must send. */
  token: string;
  /** How PostgreSQL's pool is used; null for SQLite (nothing is reported of its one connection). */
  poolUse: (() => PoolUse) | null;
  /** When the last backup succeeded (null: never); without it the backup gauge is not reported. */
  lastBackupSuccess?: () => Promise<Date | null>;
  /** The scheduled backups that failed (how many, the last one's end); without it the failure metrics are not reported. */
  backupFailures?: () => Promise<BackupFailures>;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The token of an `Authorization: Bearer …` header (the scheme in any case), or null. */
const bearerToken = (header: string | undefined): string | null => /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? null;

/**
 * `GET /metrics` in Prometheus's text format for a scraper holding `METRICS_TOKEN`, the timing of every request by
 * its route pattern, and the requests in flight. Install it before every other hook (the page cache's answers its
 * hits in its own `onRequest`) and before the routes, so that its hooks see them all. The route is no public read
 * (never in the page cache), has no rate limit and is no page of the site (`isSitePath`).
 */
export function installMetrics(app: FastifyInstance, recorder: MetricsRecorder, options: MetricsOptions): void {
  app.addHook('onRequest', (request, reply, done) => {
    recorder.requestStarted();
    // An answer that is finished and one the client gave up on both close it; `onResponse` misses the latter.
    reply.raw.once('close', recorder.requestEnded);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request.routeOptions.url, request.pageRoute ?? null, reply.statusCode);
    recorder.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime);
    done();
  });
  addScrapeGauges(app, recorder.registry, options);
  addSiteGauges(app, recorder.registry, options);

  // Digests of equal length compare in constant time whatever the length of what was sent.
  const expected = digest(options.token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    if (token === null || !timingSafeEqual(digest(token), expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: METRICS_UNAUTHORIZED_MESSAGE });
    }
    const body = await recorder.registry.metrics();
    return reply.header('cache-control', 'no-store').type(recorder.registry.contentType).send(body);
  });
}

/** Gauges read when Prometheus scrapes: the pool, the outbox (one query for both) and the last backup. */
function addScrapeGauges(app: FastifyInstance, registry: Registry, options: MetricsOptions): void {
  const registers = [registry];
  const warn = (what: string) => (error: unknown) => app.log.warn({ err: error }, `metrics: ${what} not read, the last value is reported`);

  // Read before the outbox's query asks the pool for a connection, so that the scrape does not count itself.
  const { poolUse } = options;
  if (poolUse) {
    const poolGauge = (name: string, help: string, read: (use: PoolUse) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(poolUse()));
        },
      });
    poolGauge('db_pool_connections_open', 'Connections of the PostgreSQL pool open now.', (use) => use.open);
    poolGauge('db_pool_connections_idle', 'Open connections of the PostgreSQL pool no query uses now.', (use) => use.idle);
    poolGauge('db_pool_requests_waiting', 'Queries waiting for a connection of the PostgreSQL pool.', (use) => use.waiting);
  }

  // Both outbox gauges are collected in the same scrape: they share one query.
  let backlog: Promise<OutboxBacklog> | null = null;
  const readBacklog = () =>
    (backlog ??= app.outbox.backlog().finally(() => {
      backlog = null;
    }));
  new Gauge({
    name: 'outbox_pending_messages',
    help: 'Messages to other systems (mail, search engines) not delivered yet, those scheduled for later included.',
    registers,
    async collect() {
      await readBacklog().then(({ pending }) => this.set(pending), warn('the outbox'));
    },
  });
  new Gauge({
    name: 'outbox_oldest_waiting_seconds',
    help: 'How long the oldest message that is due or failed has waited since it was written; 0 when none waits.',
    registers,
    async collect() {
      await readBacklog().then(({ oldestWaitingMs }) => this.set(oldestWaitingMs / 1000), warn('the outbox'));
    },
  });

  const { lastBackupSuccess } = options;
  if (lastBackupSuccess) {
    new Gauge({
      name: 'backup_last_success_timestamp_seconds',
      help: 'When the last backup succeeded, in seconds since the epoch; 0 when none ever did.',
      registers,
      async collect() {
        await lastBackupSuccess().then((at) => this.set(at ? at.getTime() / 1000 : 0), warn('the last backup'));
      },
    });
  }

  const { backupFailures } = options;
  if (backupFailures) {
    // Both failure metrics are collected in the same scrape: they share one query.
    let failures: Promise<BackupFailures> | null = null;
    const readFailures = () =>
      (failures ??= backupFailures().finally(() => {
        failures = null;
      }));
    // The count is the database's, the same on every process; it moves back only when a restore empties the record.
    let counted = 0;
    new Counter({
      name: 'backup_failures_total',
      help: 'Scheduled backups that failed (retries included), as recorded in the database.',
      registers,
      async collect() {
        await readFailures().then(({ count }) => {
          if (count < counted) {
            this.reset();
            counted = 0;
          }
          this.inc(count - counted);
          counted = count;
        }, warn('the backup failures'));
      },
    });
    new Gauge({
      name: 'backup_last_failure_timestamp_seconds',
      help: 'When the last scheduled backup that failed ended, in seconds since the epoch; 0 when none ever did.',
      registers,
      async collect() {
        await readFailures().then(({ last }) => this.set(last ? last.getTime() / 1000 : 0), warn('the backup failures'));
      },
    });
  }
}
