import { tmpdir } from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import type { BackupFailures } from '../../server/backup/status.js';
import type { PoolUse } from '../../server/db/connect.js';
import { installMetrics } from '../../server/metrics/plugin.js';
import { MetricsRecorder } from '../../server/metrics/recorder.js';
import type { Outbox } from '../../server/outbox/outbox.js';

/** The metrics an application serves to a scraper holding `token`; throws on any other answer. */
export async function scrape(app: FastifyInstance, token: string): Promise<string> {
  const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) throw new Error(`GET /metrics answered ${response.statusCode}`);
  return response.body;
}

/** One sample line, `name{label="value",…} number`: its name, labels and value. */
function parseSample(line: string): { name: string; labels: Record<string, string>; value: number } | null {
  const match = /^([a-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/i.exec(line);
  if (!match) return null;
  const labels: Record<string, string> = {};
  for (const [, label, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[label!] = value!;
  return { name: match[1]!, labels, value: Number(match[3]) };
}

/** The value of the sample named `name` with exactly these labels in Prometheus's text format, or undefined. */
export function sampleValue(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const sample = parseSample(line);
    if (!sample || sample.name !== name || Object.keys(sample.labels).length !== wanted.length) continue;
    if (wanted.every(([label, value]) => sample.labels[label] === value)) return sample.value;
  }
  return undefined;
}

/** The sum of the samples named `name` whose labels include these (any others), 0 when none. */
export function sampleSum(text: string, name: string, labels: Record<string, string>): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const sample = line.startsWith('#') ? null : parseSample(line);
    if (sample?.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value)) sum += sample.value;
  }
  return sum;
}

/** The names of the metric families a scrape holds (its `# TYPE` lines). */
export function familyNames(text: string): string[] {
  return [...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!);
}

/**
 * The metrics of an application with every source the server may give them: PostgreSQL's pool (its use as given),
 * the backup status, the page cache's memory, the invalidation connection, the free space of a folder and the
 * readiness, besides the outbox's real backlog. `close` it when done.
 */
export function metricsWithEverySource(
  outbox: Outbox,
  token: string,
  sources: { poolUse?: () => PoolUse; lastBackupSuccess?: () => Promise<Date | null>; backupFailures?: () => Promise<BackupFailures> } = {},
): FastifyInstance {
  const app = Fastify({ logger: false });
  app.decorate('outbox', outbox);
  installMetrics(app, new MetricsRecorder(), {
    token,
    poolUse: sources.poolUse ?? (() => ({ open: 1, idle: 1, waiting: 0 })),
    lastBackupSuccess: sources.lastBackupSuccess ?? (async () => null),
    backupFailures: sources.backupFailures ?? (async () => ({ count: 0, last: null })),
    pageCache: () => ({ bytes: 0, evictions: 0 }),
    invalidationListening: () => true,
    dataDir: tmpdir(),
    ready: async () => true,
  });
  return app;
}
