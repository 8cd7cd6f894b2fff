import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { TEST_SETTINGS } from '../helpers/settings.js';

/**
 * On SQLite one server owns the data folder. A start after a clean stop reads no uploads; a start after a stop that
 * was not clean (the server's running mark is still there) first removes the files a crash leaves: files no record
 * names and half-written temporary files. The real crash (SIGKILL mid-write) is tests/process/crash.test.ts.
 */
describe('the start after a clean stop and after a crash, on SQLite', () => {
  let dataDir = '';
  const config = () => loadConfig({ ...TEST_SETTINGS, DATA_DIR: dataDir, SEED_DEMO: '0', ADMIN_PASSWORD: 'manager-password-1' });
  const startAndStop = async () => (await buildApp(config(), { logger: false })).close();
  const leftover = (name: string) => path.join(dataDir, 'uploads', 'news', name);
  const mark = () => path.join(dataDir, 'running');

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'start-sweep-'));
    await startAndStop();
    await mkdir(path.dirname(leftover('x')), { recursive: true });
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps the running mark while the server runs and removes it when it stops', async () => {
    const app = await buildApp(config(), { logger: false });
    expect(existsSync(mark())).toBe(true);
    await app.close();
    expect(existsSync(mark())).toBe(false);
  });

  it('leaves the uploads alone after a clean stop', async () => {
    await writeFile(leftover('unnamed.jpg'), 'x');
    await startAndStop();
    expect(existsSync(leftover('unnamed.jpg'))).toBe(true);
  });

  it('removes unnamed and temporary files after a stop that was not clean', async () => {
    await writeFile(leftover('half-written.jpg.tmp'), 'x');
    await writeFile(mark(), '1\n');
    await startAndStop();
    expect(existsSync(leftover('unnamed.jpg'))).toBe(false);
    expect(existsSync(leftover('half-written.jpg.tmp'))).toBe(false);
  });
});
