import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

  it('rejects a bad PORT and a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
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
});
