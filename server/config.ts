import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isWeakPassword, PASSWORD_MAX, PASSWORD_MIN } from './auth/passwordPolicy.js';
import { DEFAULT_PASSWORD_HASH_COST, MAX_PASSWORD_HASH_COST, MIN_PASSWORD_HASH_COST } from './auth/passwords.js';
import type { S3Settings } from './files/s3Store.js';
import {
  parseAnalyticsCounters,
  parseDatabaseTimeouts,
  parseIndexNow,
  parseMail,
  parseMetricsToken,
  parseS3,
  parseUploadsPublicUrl,
  type DatabaseTimeouts,
  type IndexNowSettings,
  type MailSettings,
} from './config/services.js';
import { ConfigError, orConfigError, parseWholeNumber } from './config/values.js';
import { parseBackupSettings, type BackupSettings } from './backup/settings.js';
import { SITEMAP_URL_LIMIT } from '../lib/site.js';
import type { ConfiguredCounter } from '../lib/analytics.js';
import { DEFAULT_LOCALE, type Locale } from '../lib/locales.js';
import { isPlainEmail } from '../lib/email.js';
import { trimEndOf } from '../lib/format.js';

export { ConfigError } from './config/values.js';
export type { DatabaseTimeouts, IndexNowSettings, MailSettings } from './config/services.js';

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
  /** scrypt's cost for passwords hashed from now on, as log2 of N (`PASSWORD_HASH_COST`). */
  passwordHashCost: number;
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
  /** The bearer token `GET /metrics` asks of a scraper (`METRICS_TOKEN`); null serves no metrics (404). */
  metricsToken: string | null;
  /**
   * Whether a start that migrates a database earlier code already migrated (an upgrade) first archives it into
   * `BACKUP_DIR` (`UPGRADE_BACKUP`, on unless `0`).
   */
  upgradeBackup: boolean;
  /** Backups: `BACKUP_SCHEDULE`, `BACKUP_DIR` or `BACKUP_S3_BUCKET`, `BACKUP_KEEP`, `BACKUP_KEY` (server/backup/settings.ts). */
  backup: BackupSettings;
}

export const DEFAULT_BRAND = 'Смарт Горизонт';

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

/** Addresses separated by commas; each must be one plain e-mail address. */
function parseAddresses(name: string, value: string | undefined): string[] {
  const addresses = (value ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  const wrong = addresses.find((address) => !isPlainEmail(address));
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
  const publicUrl = trimEndOf(env.PUBLIC_URL || `http://localhost:${port}`, '/');
  if (databaseUrl && !/^postgres(?:ql)?:\/\//.test(databaseUrl)) {
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
    passwordHashCost: parseWholeNumber('PASSWORD_HASH_COST', env.PASSWORD_HASH_COST, DEFAULT_PASSWORD_HASH_COST, {
      min: MIN_PASSWORD_HASH_COST,
      max: MAX_PASSWORD_HASH_COST,
    }),
    sitemapMaxUrls: parseWholeNumber('SITEMAP_MAX_URLS', env.SITEMAP_MAX_URLS, SITEMAP_URL_LIMIT, { min: 1, max: SITEMAP_URL_LIMIT }),
    databaseTimeouts: parseDatabaseTimeouts(env),
    analyticsCounters: parseAnalyticsCounters(env),
    indexNow: parseIndexNow(env),
    mail: parseMail(env, publicUrl),
    enquiriesMailTo: parseAddresses('ENQUIRIES_MAIL_TO', env.ENQUIRIES_MAIL_TO),
    enquiriesRetentionDays: parseWholeNumber('ENQUIRIES_RETENTION_DAYS', env.ENQUIRIES_RETENTION_DAYS, 365, { min: 1, max: 36_500, unit: 'days' }),
    siteLocales: parseSiteLocales(env.SITE_LOCALES),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    upgradeBackup: env.UPGRADE_BACKUP !== '0',
    backup: orConfigError(parseBackupSettings(env, dataDir, Boolean(env.S3_BUCKET))),
  };
}
