import { COUNTER_KINDS, COUNTERS, type ConfiguredCounter } from '../../lib/analytics.js';
import { trimEndOf } from '../../lib/format.js';
import type { S3Settings } from '../files/s3Store.js';
import { ConfigError, parseWholeNumber } from './values.js';

/** The settings of what the server talks to beside its visitors: the database's waits, mail, storage, search engines, analytics, metrics. */

/** The SMTP server (`SMTP_URL`, e.g. `smtp://user:pass@host:587`, `smtps://` for TLS from the start) and the sender. */
export interface MailSettings {
  smtpUrl: string;
  /** `MAIL_FROM`; `noreply@<host of PUBLIC_URL>` when unset. */
  from: string;
}

export interface IndexNowSettings {
  /** The site's IndexNow key, served as `/{key}.txt` so that the engine can check the site is ours. */
  key: string;
  /** Where the changed addresses are posted; engines that take IndexNow share them with one another. */
  endpoint: string;
}

const DEFAULT_INDEXNOW_ENDPOINT = 'https://yandex.com/indexnow';

/**
 * Waits on PostgreSQL are bounded, so that a database that stops answering (a frozen server, a dropped network)
 * costs a request a few seconds and a 503, never a hang.
 */
export interface DatabaseTimeouts {
  /**
   * The longest a statement may run (`DB_QUERY_TIMEOUT_MS`): PostgreSQL cancels it then (`statement_timeout`), and
   * a connection that stays silent a moment longer is closed, as the network or the server behind it is gone.
   */
  queryTimeoutMs: number;
  /** The longest a request waits for a connection, a free one of the pool or a new one (`DB_CONNECT_TIMEOUT_MS`). */
  connectTimeoutMs: number;
  /** An unused connection of the pool is closed after this long (`DB_IDLE_TIMEOUT_MS`); 0 keeps them open. */
  idleTimeoutMs: number;
  /** TCP keepalive probes start after this long without traffic on a connection (`DB_KEEPALIVE_MS`). */
  keepAliveMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { queryTimeoutMs: 5000, connectTimeoutMs: 5000, idleTimeoutMs: 10_000, keepAliveMs: 10_000 };

/** A whole number of milliseconds within `range`, or `fallback` when unset. */
const parseMilliseconds = (name: string, value: string | undefined, fallback: number, range: { min: number; max: number }): number =>
  parseWholeNumber(name, value, fallback, { ...range, unit: 'milliseconds' });

export function parseDatabaseTimeouts(env: NodeJS.ProcessEnv): DatabaseTimeouts {
  const defaults = DEFAULT_DATABASE_TIMEOUTS;
  return {
    queryTimeoutMs: parseMilliseconds('DB_QUERY_TIMEOUT_MS', env.DB_QUERY_TIMEOUT_MS, defaults.queryTimeoutMs, { min: 100, max: 3_600_000 }),
    connectTimeoutMs: parseMilliseconds('DB_CONNECT_TIMEOUT_MS', env.DB_CONNECT_TIMEOUT_MS, defaults.connectTimeoutMs, { min: 100, max: 600_000 }),
    idleTimeoutMs: parseMilliseconds('DB_IDLE_TIMEOUT_MS', env.DB_IDLE_TIMEOUT_MS, defaults.idleTimeoutMs, { min: 0, max: 86_400_000 }),
    keepAliveMs: parseMilliseconds('DB_KEEPALIVE_MS', env.DB_KEEPALIVE_MS, defaults.keepAliveMs, { min: 1000, max: 7_200_000 }),
  };
}

export function parseMail(env: NodeJS.ProcessEnv, publicUrl: string): MailSettings | null {
  if (!env.SMTP_URL) return null;
  if (!/^smtps?:\/\/[^/]/.test(env.SMTP_URL)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://, e.g. smtp://user:pass@host:587');
  return { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM || `noreply@${new URL(publicUrl).hostname}` };
}

export function parseS3(env: NodeJS.ProcessEnv): S3Settings | null {
  if (!env.S3_BUCKET) {
    const stray = ['S3_ENDPOINT', 'S3_PUBLIC_URL', 'S3_ACCESS_KEY_ID'].find((name) => env[name]);
    if (stray) throw new ConfigError(`${stray} is set but S3_BUCKET is not: set S3_BUCKET to keep uploads in object storage.`);
    return null;
  }
  if (env.S3_ENDPOINT && !/^https?:\/\//.test(env.S3_ENDPOINT)) throw new ConfigError('S3_ENDPOINT must start with http:// or https://');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or both left unset for the default credentials).');
  }
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || null,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
  };
}

export function parseUploadsPublicUrl(value: string | undefined): string | null {
  if (!value) return null;
  if (!/^https?:\/\//.test(value)) throw new ConfigError('S3_PUBLIC_URL must start with http:// or https://');
  return trimEndOf(value, '/');
}

/** The counters whose id variable is set, each id checked against its kind's form. */
export function parseAnalyticsCounters(env: NodeJS.ProcessEnv): ConfiguredCounter[] {
  const counters: ConfiguredCounter[] = [];
  for (const kind of COUNTER_KINDS) {
    const { env: name, idPattern, idDescription } = COUNTERS[kind];
    const id = env[name]?.trim();
    if (!id) continue;
    if (!idPattern.test(id)) throw new ConfigError(`${name} must be ${idDescription}, got "${env[name]}"`);
    counters.push({ kind, id });
  }
  return counters;
}

/** The protocol's key: 8 to 128 Latin letters, digits and dashes. */
const INDEXNOW_KEY = /^[A-Z0-9-]{8,128}$/i;

export function parseIndexNow(env: NodeJS.ProcessEnv): IndexNowSettings | null {
  if (!env.INDEXNOW_KEY) {
    if (env.INDEXNOW_ENDPOINT)
      throw new ConfigError('INDEXNOW_ENDPOINT is set but INDEXNOW_KEY is not: set INDEXNOW_KEY to tell search engines of changed pages.');
    return null;
  }
  if (!INDEXNOW_KEY.test(env.INDEXNOW_KEY)) throw new ConfigError('INDEXNOW_KEY must be 8 to 128 characters of a-z, A-Z, 0-9 and -');
  const endpoint = env.INDEXNOW_ENDPOINT || DEFAULT_INDEXNOW_ENDPOINT;
  if (!/^https?:\/\/[^/]/.test(endpoint)) throw new ConfigError('INDEXNOW_ENDPOINT must start with http:// or https://');
  return { key: env.INDEXNOW_KEY, endpoint };
}

/** Long enough not to be guessed, and of characters a bearer token may have. */
const METRICS_TOKEN = /^[\w\-.~+/]{32,}=*$/;

export function parseMetricsToken(value: string | undefined): string | null {
  if (!value) return null;
  if (!METRICS_TOKEN.test(value)) {
    throw new ConfigError('METRICS_TOKEN must be at least 32 characters of A-Z, a-z, 0-9 and -._~+/ (e.g. the output of openssl rand -hex 32)');
  }
  return value;
}
