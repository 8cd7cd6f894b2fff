import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { BACKUP_JOB } from '../../server/backup/scheduled.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';

const HOUR_MS = 60 * 60 * 1000;
const WARNING = /scheduled backups go into this process’s own DATA_DIR\/backups/;

/** The processes of one site keep their scheduled archives in one place, so that each lists and serves the same. */
describe.each(await testDialects())('where scheduled archives are kept on %s', (dialect) => {
  it(
    dialect === 'postgres'
      ? 'warns at start when the archives would go into the process’s own DATA_DIR, and not with BACKUP_DIR set'
      : 'keeps them under DATA_DIR without a warning: the one process owns it',
    async () => {
      const logged = async (env: NodeJS.ProcessEnv) => {
        const lines: string[] = [];
        const t = await createTestApp(dialect, {
          env: { BACKUP_SCHEDULE: 'daily@03:00', ...env },
          build: { logger: { level: 'warn', stream: { write: (line) => void lines.push(line) } } },
        });
        await t.app.jobs.stop();
        const dir = t.config.backup.dir;
        await t.close();
        return { text: lines.join(''), dir };
      };
      const byDefault = await logged({});
      expect(byDefault.dir.endsWith(`${path.sep}backups`)).toBe(true);
      if (dialect === 'postgres') expect(byDefault.text).toMatch(WARNING);
      else expect(byDefault.text).not.toMatch(WARNING);
      const shared = await mkdtemp(path.join(tmpdir(), 'site-shared-backups-'));
      try {
        expect((await logged({ BACKUP_DIR: shared })).text).not.toMatch(WARNING);
      } finally {
        await rm(shared, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe.runIf((await testDialects()).includes('postgres'))('two processes with a shared BACKUP_DIR', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let shared: string;

  beforeAll(async () => {
    shared = await mkdtemp(path.join(tmpdir(), 'site-shared-backups-'));
    t = await createTestApp('postgres', { env: { BACKUP_SCHEDULE: 'hourly', BACKUP_DIR: shared, BACKUP_KEEP: '5' } });
    other = await buildApp(t.config, { logger: false, viewFlushMs: 60_000 });
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
    await rm(shared, { recursive: true, force: true });
  });

  it('makes one archive per scheduled moment whichever process claims it, and both list the same archives', async () => {
    const runs = () => t.app.db.selectFrom('backup_runs').selectAll().where('succeeded', '=', 1).execute();
    await expect.poll(async () => (await runs()).length, { timeout: 30_000 }).toBe(1);
    await Promise.all([t.app.jobs.stop(), other.jobs.stop()]);
    for (const hours of [1, 2]) {
      const now = Date.now() + hours * HOUR_MS;
      // Both look at once, as their timers may: one makes the backup, the other finds it claimed or done.
      await Promise.all([t.app.jobs.runIfDue(BACKUP_JOB, now), other.jobs.runIfDue(BACKUP_JOB, now)]);
      expect(await runs()).toHaveLength(1 + hours);
    }
    const manager = await userWithToken(t.app, 'MANAGER');
    const listed = async (app: FastifyInstance) =>
      ((await app.inject({ method: 'GET', url: '/api/admin/backups', headers: manager.headers })).json().data.archives as { name: string }[]).map(
        (archive) => archive.name,
      );
    const names = await listed(t.app);
    expect(names).toHaveLength(3);
    expect(await listed(other)).toEqual(names);
  }, 120_000);
});
