import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { DialectName } from '../../server/db/connect.js';
import { createPostgresDatabase, templateDatabasePrefix } from './databases.js';

/**
 * A site's first start (its migrations, the first manager, the demo content when asked) costs a test file between
 * one and several seconds. A test run makes each kind of first start once, into a template: a data folder and, for
 * PostgreSQL, a database. Each test then starts on a copy of it (the folder copied, the database made with
 * `CREATE DATABASE … TEMPLATE`), exactly as if it had started there first. A site whose files live in a bucket keeps
 * part of its state outside both, so it starts on its own.
 */

/** Where a test's site starts: its data folder and, for PostgreSQL, its database; `remove` deletes both. */
export interface PreparedSite {
  dataDir: string;
  databaseUrl: string | undefined;
  remove: () => Promise<void>;
}

/** A new data folder named after `prefix` (and database, for PostgreSQL) as a first start with `env` leaves them. */
export async function preparedSite(prefix: string, dialect: DialectName, env: NodeJS.ProcessEnv): Promise<PreparedSite> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const template = env.S3_BUCKET ? null : await templateOf(dialect, env);
  if (template) await cp(template.folder, dataDir, { recursive: true });
  const database = dialect === 'postgres' ? await createPostgresDatabase(template?.database) : null;
  return {
    dataDir,
    databaseUrl: database?.url,
    remove: async () => {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface Template {
  folder: string;
  /** The PostgreSQL database to copy; undefined for SQLite, whose database is a file of the folder. */
  database: string | undefined;
}

/** The template for these settings, made by the first test that asks (others wait for it). */
async function templateOf(dialect: DialectName, env: NodeJS.ProcessEnv): Promise<Template> {
  const settings = Object.entries(env)
    .filter(([name, value]) => name !== 'DATA_DIR' && name !== 'DATABASE_URL' && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  const key = createHash('sha256')
    .update(JSON.stringify([dialect, settings]))
    .digest('hex')
    .slice(0, 16);
  const runFolder = inject('siteTemplates');
  const folder = path.join(runFolder, key);
  const database = dialect === 'postgres' ? `${templateDatabasePrefix(runFolder)}${key}` : undefined;
  while (!existsSync(folder)) {
    const lock = `${folder}.lock`;
    if (await claim(lock)) {
      try {
        await makeTemplate(folder, database, env);
      } finally {
        await rm(lock, { force: true });
      }
    } else {
      await sleep(200);
    }
  }
  return { folder, database };
}

/** Starts and stops the site once on a new folder (and database), then publishes the folder under its name. */
async function makeTemplate(folder: string, database: string | undefined, env: NodeJS.ProcessEnv): Promise<void> {
  const starting = `${folder}.starting`;
  await rm(starting, { recursive: true, force: true });
  const postgres = database ? await createPostgresDatabase(undefined, database) : null;
  try {
    const app = await buildApp(loadConfig({ ...env, DATA_DIR: starting, DATABASE_URL: postgres?.url }), { logger: false });
    await app.close();
  } catch (error) {
    await postgres?.drop();
    throw error;
  }
  await rename(starting, folder);
}

/**
 * Takes the lock file for this process, or from a process that died holding it (a test file stopped by its timeout
 * while it made the template); false while a live process holds it.
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
