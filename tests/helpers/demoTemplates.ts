import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';

/**
 * Seeding the demo content (its illustrations in every size, its sanitised texts, its search index) costs a test
 * file tens of seconds on a two-core machine. A test run seeds it once per set of settings, on SQLite with the files in
 * a folder, into a template data folder; each test then starts on a copy of it, exactly as if it had seeded it.
 * PostgreSQL and S3 keep their data outside the folder: those tests seed their own.
 */

/** A new data folder, named after `prefix`, holding the demo content seeded with `env` where a copy can stand in. */
export async function demoDataDir(prefix: string, env: NodeJS.ProcessEnv): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  if (env.DATABASE_URL || env.S3_BUCKET) return dataDir;
  await cp(await template(env), dataDir, { recursive: true });
  return dataDir;
}

/** The template's folder for these settings, seeded by the first test that asks (others wait for it). */
async function template(env: NodeJS.ProcessEnv): Promise<string> {
  const settings = Object.entries(env)
    .filter(([name, value]) => name !== 'DATA_DIR' && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  const key = createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 16);
  const folder = path.join(inject('demoTemplates'), key);
  while (!existsSync(folder)) {
    const lock = `${folder}.lock`;
    if (await claim(lock)) {
      try {
        const seeding = `${folder}.seeding`;
        await rm(seeding, { recursive: true, force: true });
        const app = await buildApp(loadConfig({ ...env, DATA_DIR: seeding, SEED_DEMO: '1' }), { logger: false });
        await app.close();
        await rename(seeding, folder);
      } finally {
        await rm(lock, { force: true });
      }
    } else {
      await sleep(200);
    }
  }
  return folder;
}

/**
 * Takes the lock file for this process, or from a process that died holding it (a test file stopped by its timeout
 * while it seeded); false while a live process holds it.
 */
async function claim(lock: string): Promise<boolean> {
  try {
    await writeFile(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    const holder = Number(await readFile(lock, 'utf8').catch(() => '0'));
    if (holder === process.pid || isAlive(holder)) return false;
    await rm(lock, { force: true });
    return claim(lock);
  }
}

function isAlive(pid: number): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
