import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createPostgresDatabase } from '../tests/helpers/databases.js';
import { fillLargeSite } from './largeSite.js';

const run = promisify(execFile);

/** Incompressible files added to the large site's uploads, so that the archive streams real bytes too. */
const EXTRA_FILES = 100;
const EXTRA_FILE_BYTES = 1024 * 1024;

interface Measured {
  seconds: number;
  /** CPU time (user and system) of the command, npm and tsx included: what a loaded machine's waiting does not inflate. */
  cpuSeconds: number;
  peakMb: number;
}

/**
 * One run of the npm script under GNU time, with the script's own Node.js options: its wall-clock seconds, CPU
 * seconds and peak resident memory (of the largest process: the command, not npm, which is smaller).
 */
async function measured(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Measured> {
  const { stderr } = await run('/usr/bin/time', ['-f', 'MEASURED %e %U %S %M', 'npm', 'run', '--silent', script, '--', ...args], {
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const match = /MEASURED ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
  if (!match) throw new Error(`no measurement in ${stderr.slice(-500)}`);
  return { seconds: Number(match[1]), cpuSeconds: Number(match[2]) + Number(match[3]), peakMb: Number(match[4]) / 1024 };
}

const line = (label: string, result: Measured, extra = '') =>
  console.log(
    `${label.padEnd(34)} ${result.seconds.toFixed(1).padStart(6)} s   CPU ${result.cpuSeconds.toFixed(1).padStart(6)} s   peak RSS ${result.peakMb.toFixed(0).padStart(4)} MB${extra}`,
  );

/**
 * `npm run bench -- --backup` (PostgreSQL at 127.0.0.1:5432): fills the large site (`LARGE_SITE`, 453,000 rows) on
 * SQLite with 100 MB of extra files, then moves house both ways as an operator would: `npm run backup` on SQLite,
 * `npm run restore` onto a new PostgreSQL database, `npm run backup` there, `npm run restore` into a new SQLite
 * folder. Prints each command's time and peak RSS (GNU time) and the archive's size.
 */
export async function benchBackup(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'site-bench-backup-'));
  const sqliteDir = path.join(work, 'sqlite');
  const postgres = await createPostgresDatabase();
  const postgresDir = path.join(work, 'postgres');
  const movedBackDir = path.join(work, 'moved-back');
  try {
    const app = await buildApp(loadConfig({ DATA_DIR: sqliteDir, SEED_DEMO: '1', ADMIN_PASSWORD: 'bench-password-1', LOG_LEVEL: 'error' }), { logger: false });
    try {
      const summary = await fillLargeSite(app.db);
      for (let i = 0; i < EXTRA_FILES; i++) await app.files.write(app.files.newKey('bench', 'bin'), randomBytes(EXTRA_FILE_BYTES));
      console.log(`large site: ${summary.rows.toLocaleString('en')} rows (+ demo content), ${EXTRA_FILES} extra files of 1 MB`);
    } finally {
      await app.close();
    }
    const first = path.join(work, 'from-sqlite.tar.gz');
    line('backup   SQLite', await measured('backup', [first], { DATA_DIR: sqliteDir }), `   archive ${((await stat(first)).size / 1024 / 1024).toFixed(0)} MB`);
    line('restore  onto PostgreSQL', await measured('restore', [first], { DATA_DIR: postgresDir, DATABASE_URL: postgres.url }));
    const second = path.join(work, 'from-postgres.tar.gz.enc');
    const key = { BACKUP_KEY: 'bench passphrase 1' };
    line(
      'backup   PostgreSQL, encrypted',
      await measured('backup', [second], { DATA_DIR: postgresDir, DATABASE_URL: postgres.url, ...key }),
      `   archive ${((await stat(second)).size / 1024 / 1024).toFixed(0)} MB`,
    );
    line('restore  onto SQLite, encrypted', await measured('restore', [second], { DATA_DIR: movedBackDir, ...key }));
  } finally {
    await postgres.drop();
    await rm(work, { recursive: true, force: true });
  }
}
