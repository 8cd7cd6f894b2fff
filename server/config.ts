import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isWeakPassword, PASSWORD_MAX, PASSWORD_MIN } from './auth/passwordPolicy.js';
import type { S3Settings } from './files/s3Store.js';
import { SITEMAP_URL_LIMIT } from '../lib/site.js';
import { COUNTER_KINDS, COUNTERS, type ConfiguredCounter } from '../lib/analytics.js';
import { DEFAULT_LOCALE, type Locale } from '../lib/locales.js';

export interface AppConfig {
  port: number;
  host: string;
  /** Database file, uploads and generated secrets live here. */
  dataDir: string;
  uploadsDir: string;
  /** `postgres://…` switches to PostgreSQL; unset means SQLite at `$DATA_DIR/site.db`. */
  databaseUrl: string | null;
  publicUrl: string;
  brand: string;
  adminEmail: string;
  /** The first MANAGER's password; generated and printed once when unset. */
  adminPassword: string | null;
  jwtSecret: string;
  /** Fill an empty database with demo content on start. */
  seedDemo: boolean;
  logLevel: string;
  /**
   * Whether to believe `X-Forwarded-For` for the client's address (rate limits and the audit log use it): false
   * unless `TRUST_PROXY` says so; `true`, a hop count or a list of proxy addresses/CIDRs.
   */
  trustProxy: boolean | number | string;
  /** `NODE_ENV=development`: the site is served by Vite's dev middleware instead of the build in `dist/`. */
  dev: boolean;
  /** Default meta description of the site (`SITE_DESCRIPTION`); built from the brand when unset. */
  siteDescription: string | null;
  /** Alt text of images without their own (`SITE_ALT_TEMPLATE`); `{title}` is the page title. */
  altTemplate: string | null;
  /** The phone in the site's footer (`SITE_PHONE`), checked by the phone verification service at start. */
  sitePhone: string;
  /** Memory for the page cache of rendered public pages and JSON reads (`PAGE_CACHE_MB`, megabytes); 0 turns it off. */
  pageCacheMb: number;
  /** Where vulnerabilities are reported (`SECURITY_CONTACT`), published in `/.well-known/security.txt`. */
  securityContact: string;
  /** How many days a removed record stays in the trash before it is purged with its files (`TRASH_RETENTION_DAYS`). */
  trashRetentionDays: number;
  /** Uploads in an S3-compatible bucket (`S3_BUCKET` and the other `S3_*`); null keeps them in `uploadsDir`. */
  s3: S3Settings | null;
  /**
   * Where pages link uploaded files (`S3_PUBLIC_URL`, e.g. a CDN in front of the bucket), without a trailing
   * slash; null links them under the site's own `/uploads`.
   */
  uploadsPublicUrl: string | null;
  /** How many earlier versions of each record the history keeps (`REVISIONS_KEEP`); older ones are dropped. */
  revisionsKeep: number;
  /** The most addresses one sitemap file lists (`SITEMAP_MAX_URLS`); past it `/sitemap.xml` becomes an index of files. */
  sitemapMaxUrls: number;
  /** How long the server waits on PostgreSQL (`DB_*_MS`); SQLite ignores them. */
  databaseTimeouts: DatabaseTimeouts;
  /**
   * Web analytics counters with an id configured (`YANDEX_METRIKA_ID`); none by default. Each runs on the site only
   * after the visitor's consent.
   */
  analyticsCounters: ConfiguredCounter[];
  /** Search engines told of changed pages (`INDEXNOW_KEY`, `INDEXNOW_ENDPOINT`); null while no key is set. */
  indexNow: IndexNowSettings | null;
  /** Outgoing mail; null sends none (the letters wait in the outbox until a process with SMTP delivers them). */
  mail: MailSettings | null;
  /** Who gets a letter per new enquiry (`ENQUIRIES_MAIL_TO`, addresses separated by commas); empty sends none. */
  enquiriesMailTo: string[];
  /** How many days an enquiry is kept, with its consent proof, before it is deleted (`ENQUIRIES_RETENTION_DAYS`). */
  enquiriesRetentionDays: number;
  /**
   * The site's languages (`SITE_LOCALES`): `['ru']` by default, the site as it has always been; `['ru', 'en']`
   * switches English on (translations in the admin, `/en/…` pages, `?locale=en` on public reads).
   */
  siteLocales: readonly Locale[];
}

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

export const DEFAULT_INDEXNOW_ENDPOINT = 'https://yandex.com/indexnow';

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

export const DEFAULT_BRAND = 'Смарт Горизонт';

export class ConfigError extends Error {}

/** A whole number within `range` (of `unit`, when it has one), or `fallback` when unset. */
function parseWholeNumber(name: string, value: string | undefined, fallback: number, range: { min: number; max: number; unit?: string }): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < range.min || number > range.max) {
    const unit = range.unit ? ` of ${range.unit}` : '';
    throw new ConfigError(`${name} must be a whole number${unit} from ${range.min} to ${range.max}, got "${value}"`);
  }
  return number;
}

/** Reads `$DATA_DIR/secrets.json`, adding any secret it lacks, so that restarts keep sessions valid. */
function loadGeneratedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets.json');
  const secrets: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const existing = secrets[name];
  if (existing) return existing;
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, JSON.stringify({ ...secrets, [name]: secret }, null, 2), { mode: 0o600 });
  return secret;
}

function parsePageCacheMb(value: string | undefined): number {
  if (value === undefined || value === '') return 64;
  const mb = Number(value);
  if (!Number.isFinite(mb) || mb < 0) throw new ConfigError(`PAGE_CACHE_MB must be a number of megabytes, 0 or more, got "${value}"`);
  return mb;
}

function parseTrashRetentionDays(value: string | undefined): number {
  if (value === undefined || value === '') return 30;
  const days = Number(value);
  if (!Number.isFinite(days) || days < 0) throw new ConfigError(`TRASH_RETENTION_DAYS must be a number of days, 0 or more, got "${value}"`);
  return days;
}

/** A whole number of milliseconds within `range`, or `fallback` when unset. */
const parseMilliseconds = (name: string, value: string | undefined, fallback: number, range: { min: number; max: number }): number =>
  parseWholeNumber(name, value, fallback, { ...range, unit: 'milliseconds' });

function parseDatabaseTimeouts(env: NodeJS.ProcessEnv): DatabaseTimeouts {
  const defaults = DEFAULT_DATABASE_TIMEOUTS;
  return {
    queryTimeoutMs: parseMilliseconds('DB_QUERY_TIMEOUT_MS', env.DB_QUERY_TIMEOUT_MS, defaults.queryTimeoutMs, { min: 100, max: 3_600_000 }),
    connectTimeoutMs: parseMilliseconds('DB_CONNECT_TIMEOUT_MS', env.DB_CONNECT_TIMEOUT_MS, defaults.connectTimeoutMs, { min: 100, max: 600_000 }),
    idleTimeoutMs: parseMilliseconds('DB_IDLE_TIMEOUT_MS', env.DB_IDLE_TIMEOUT_MS, defaults.idleTimeoutMs, { min: 0, max: 86_400_000 }),
    keepAliveMs: parseMilliseconds('DB_KEEPALIVE_MS', env.DB_KEEPALIVE_MS, defaults.keepAliveMs, { min: 1000, max: 7_200_000 }),
  };
}

function parseMail(env: NodeJS.ProcessEnv, publicUrl: string): MailSettings | null {
  if (!env.SMTP_URL) return null;
  if (!/^smtps?:\/\/[^/]/.test(env.SMTP_URL)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://, e.g. smtp://user:pass@host:587');
  return { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM || `noreply@${new URL(publicUrl).hostname}` };
}

/** Addresses separated by commas; each must look like one. */
function parseAddresses(name: string, value: string | undefined): string[] {
  const addresses = (value ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  const wrong = addresses.find((address) => !/^[^\s@]+@[^\s@]+$/.test(address));
  if (wrong !== undefined) throw new ConfigError(`${name}: "${wrong}" is not an e-mail address`);
  return addresses;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value || value === '0' || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** ADMIN_PASSWORD follows the same rules as every password the site sets; a weak one stops the start. */
function parseAdminPassword(value: string | undefined): string | null {
  if (!value) return null;
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) {
    throw new ConfigError(`ADMIN_PASSWORD must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`);
  }
  if (isWeakPassword(value)) {
    throw new ConfigError(
      'ADMIN_PASSWORD is too easy to guess (a common password, a keyboard walk or a repeat); choose a phrase of several words or leave it unset to have one generated.',
    );
  }
  return value;
}

function parseS3(env: NodeJS.ProcessEnv): S3Settings | null {
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

function parseUploadsPublicUrl(value: string | undefined): string | null {
  if (!value) return null;
  if (!/^https?:\/\//.test(value)) throw new ConfigError('S3_PUBLIC_URL must start with http:// or https://');
  return value.replace(/\/+$/, '');
}

/** The counters whose id variable is set, each id checked against its kind's form. */
function parseAnalyticsCounters(env: NodeJS.ProcessEnv): ConfiguredCounter[] {
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
const INDEXNOW_KEY = /^[A-Za-z0-9-]{8,128}$/;

function parseIndexNow(env: NodeJS.ProcessEnv): IndexNowSettings | null {
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

/** The settings `SITE_LOCALES` may take: Russian alone, or Russian and English. */
const RUSSIAN_ONLY: readonly Locale[] = [DEFAULT_LOCALE];
const SITE_LOCALE_SETTINGS: Readonly<Record<string, readonly Locale[]>> = { ru: RUSSIAN_ONLY, 'ru,en': [DEFAULT_LOCALE, 'en'] };

function parseSiteLocales(value: string | undefined): readonly Locale[] {
  if (value === undefined || value.trim() === '') return RUSSIAN_ONLY;
  const setting = SITE_LOCALE_SETTINGS[value.replace(/\s+/g, '').toLowerCase()];
  if (!setting) throw new ConfigError(`SITE_LOCALES must be "ru" (the default) or "ru,en" (Russian and English), got "${value}"`);
  return setting;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = parseWholeNumber('PORT', env.PORT, 3000, { min: 0, max: 65535 });
  const dataDir = path.resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = env.DATABASE_URL || null;
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl,
    publicUrl,
    brand: env.SITE_BRAND || DEFAULT_BRAND,
    adminEmail: env.ADMIN_EMAIL || 'admin@example.com',
    adminPassword: parseAdminPassword(env.ADMIN_PASSWORD),
    jwtSecret: env.JWT_SECRET || loadGeneratedSecret(dataDir, 'jwtSecret'),
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    dev: env.NODE_ENV === 'development',
    siteDescription: env.SITE_DESCRIPTION || null,
    altTemplate: env.SITE_ALT_TEMPLATE || null,
    sitePhone: env.SITE_PHONE || '+7 800 555-35-35',
    pageCacheMb: parsePageCacheMb(env.PAGE_CACHE_MB),
    securityContact: env.SECURITY_CONTACT || 'security@example.com',
    trashRetentionDays: parseTrashRetentionDays(env.TRASH_RETENTION_DAYS),
    s3: parseS3(env),
    uploadsPublicUrl: parseUploadsPublicUrl(env.S3_PUBLIC_URL),
    revisionsKeep: parseWholeNumber('REVISIONS_KEEP', env.REVISIONS_KEEP, 50, { min: 1, max: 10_000 }),
    sitemapMaxUrls: parseWholeNumber('SITEMAP_MAX_URLS', env.SITEMAP_MAX_URLS, SITEMAP_URL_LIMIT, { min: 1, max: SITEMAP_URL_LIMIT }),
    databaseTimeouts: parseDatabaseTimeouts(env),
    analyticsCounters: parseAnalyticsCounters(env),
    indexNow: parseIndexNow(env),
    mail: parseMail(env, publicUrl),
    enquiriesMailTo: parseAddresses('ENQUIRIES_MAIL_TO', env.ENQUIRIES_MAIL_TO),
    enquiriesRetentionDays: parseWholeNumber('ENQUIRIES_RETENTION_DAYS', env.ENQUIRIES_RETENTION_DAYS, 365, { min: 1, max: 36_500, unit: 'days' }),
    siteLocales: parseSiteLocales(env.SITE_LOCALES),
  };
}
