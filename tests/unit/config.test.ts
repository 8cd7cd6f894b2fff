import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, usePasswordHashCost, verifyPassword } from '../../server/auth/passwords.js';
import { ConfigError, DEFAULT_BRAND, loadConfig } from '../../server/config.js';

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'config-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: null, brand: DEFAULT_BRAND, publicUrl: 'http://localhost:3000', seedDemo: true });
    expect(config.uploadsDir).toBe(path.join(dataDir, 'uploads'));
  });

  it('generates the JWT secret once and keeps it in the data folder', async () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')).jwtSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'given' }).jwtSecret).toBe('given');
  });

  it('keeps uploads local unless S3_BUCKET is set, and reads the object storage settings with their defaults', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ s3: null, uploadsPublicUrl: null });
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'site' }).s3).toEqual({
      bucket: 'site',
      endpoint: null,
      region: 'us-east-1',
      accessKeyId: null,
      secretAccessKey: null,
      forcePathStyle: false,
    });
    const minio = loadConfig({
      DATA_DIR: dataDir,
      S3_BUCKET: 'site',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'ru-central1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
      S3_PUBLIC_URL: 'https://cdn.example.ru/uploads/',
    });
    expect(minio.s3).toMatchObject({ endpoint: 'http://minio:9000', region: 'ru-central1', accessKeyId: 'key', forcePathStyle: true });
    expect(minio.uploadsPublicUrl).toBe('https://cdn.example.ru/uploads');
  });

  it('refuses object storage settings that cannot work', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET is not/);
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'site', S3_ENDPOINT: 'minio:9000' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'site', S3_ACCESS_KEY_ID: 'key' })).toThrow(/together/);
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'site', S3_PUBLIC_URL: 'cdn.example.ru' })).toThrow(ConfigError);
  });

  it('rejects a bad PORT and a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
  });

  it('bounds the waits on PostgreSQL by the DB_*_MS timeouts, with their documented defaults', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).databaseTimeouts).toEqual({
      queryTimeoutMs: 5000,
      connectTimeoutMs: 5000,
      idleTimeoutMs: 10_000,
      keepAliveMs: 10_000,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, DB_QUERY_TIMEOUT_MS: '2000', DB_CONNECT_TIMEOUT_MS: '1500', DB_IDLE_TIMEOUT_MS: '0', DB_KEEPALIVE_MS: '30000' })
        .databaseTimeouts,
    ).toEqual({ queryTimeoutMs: 2000, connectTimeoutMs: 1500, idleTimeoutMs: 0, keepAliveMs: 30_000 });
  });

  it.each([
    ['DB_QUERY_TIMEOUT_MS', '5s'],
    ['DB_QUERY_TIMEOUT_MS', '0'],
    ['DB_QUERY_TIMEOUT_MS', '2500.5'],
    ['DB_CONNECT_TIMEOUT_MS', '-1'],
    ['DB_CONNECT_TIMEOUT_MS', '600001'],
    ['DB_IDLE_TIMEOUT_MS', 'never'],
    ['DB_KEEPALIVE_MS', '500'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(new RegExp(`^${name} must be a whole number of milliseconds`));
  });

  it('runs no analytics counter by default and takes YANDEX_METRIKA_ID as digits only', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).analyticsCounters).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir, YANDEX_METRIKA_ID: ' 12345678 ' }).analyticsCounters).toEqual([{ kind: 'metrika', id: '12345678' }]);
    for (const bad of ['12 34', 'abc', '-1', '1e5', '123;script-src *']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, YANDEX_METRIKA_ID: bad })).toThrow(/^YANDEX_METRIKA_ID must be the counter number \(digits only\)/);
    }
  });

  it('keeps the site Russian unless SITE_LOCALES switches English on, and refuses any other setting', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).siteLocales).toEqual(['ru']);
    expect(loadConfig({ DATA_DIR: dataDir, SITE_LOCALES: 'ru' }).siteLocales).toEqual(['ru']);
    expect(loadConfig({ DATA_DIR: dataDir, SITE_LOCALES: 'ru,en' }).siteLocales).toEqual(['ru', 'en']);
    expect(loadConfig({ DATA_DIR: dataDir, SITE_LOCALES: ' RU, en ' }).siteLocales).toEqual(['ru', 'en']);
    for (const wrong of ['en', 'en,ru', 'ru,de', 'ru,en,en', 'русский']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, SITE_LOCALES: wrong })).toThrow(/SITE_LOCALES must be "ru" \(the default\) or "ru,en"/);
    }
  });

  it("hashes passwords at OWASP's scrypt cost (N = 2^17) unless PASSWORD_HASH_COST says 14 to 20", async () => {
    expect(loadConfig({ DATA_DIR: dataDir }).passwordHashCost).toBe(17);
    expect(loadConfig({ DATA_DIR: dataDir, PASSWORD_HASH_COST: '14' }).passwordHashCost).toBe(14);
    for (const wrong of ['13', '21', '16.5', 'high']) expect(() => loadConfig({ DATA_DIR: dataDir, PASSWORD_HASH_COST: wrong })).toThrow(ConfigError);
    usePasswordHashCost(loadConfig({ DATA_DIR: dataDir }).passwordHashCost);
    const hash = await hashPassword('a-long-enough-password');
    expect(hash.startsWith('scrypt$131072$8$1$')).toBe(true);
    usePasswordHashCost(14);
    // A hash names its own cost, so one made at another cost is still checked as it was made.
    expect(await verifyPassword('a-long-enough-password', hash)).toBe(true);
    expect((await hashPassword('a-long-enough-password')).startsWith('scrypt$16384$8$1$')).toBe(true);
  });

  it('takes PUBLIC_URL without a trailing slash', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://example.ru/' }).publicUrl).toBe('https://example.ru');
  });

  it('trusts X-Forwarded-For only when TRUST_PROXY says so', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('tells IndexNow of changed pages only with a key of 8 to 128 letters, digits and dashes, at Yandex unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).indexNow).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, INDEXNOW_KEY: 'abcd-1234' }).indexNow).toEqual({ key: 'abcd-1234', endpoint: 'https://yandex.com/indexnow' });
    const bing = loadConfig({ DATA_DIR: dataDir, INDEXNOW_KEY: 'a'.repeat(128), INDEXNOW_ENDPOINT: 'https://www.bing.com/indexnow' });
    expect(bing.indexNow?.endpoint).toBe('https://www.bing.com/indexnow');
    for (const key of ['short-7', 'a'.repeat(129), 'with space 1', 'ключ-на-русском', 'under_score']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, INDEXNOW_KEY: key }), key).toThrow(/INDEXNOW_KEY must be 8 to 128/);
    }
    expect(() => loadConfig({ DATA_DIR: dataDir, INDEXNOW_KEY: 'abcd-1234', INDEXNOW_ENDPOINT: 'yandex.com/indexnow' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, INDEXNOW_ENDPOINT: 'https://yandex.com/indexnow' })).toThrow(/INDEXNOW_KEY is not/);
  });

  it('serves metrics only with a METRICS_TOKEN of at least 32 token characters', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).metricsToken).toBeNull();
    const hex = 'a1'.repeat(32);
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: hex }).metricsToken).toBe(hex);
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: `${'Ab0-._~+/'.repeat(4)}==` }).metricsToken).toBe(`${'Ab0-._~+/'.repeat(4)}==`);
    for (const token of ['x'.repeat(31), `${'x'.repeat(32)} y`, `${'x'.repeat(32)}"`, 'ключ'.repeat(10)]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: token }), token).toThrow(/METRICS_TOKEN must be at least 32 characters/);
    }
  });
});
