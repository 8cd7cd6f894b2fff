import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_JOB } from '../../server/backup/scheduled.js';
import { periodicJobLock } from '../../server/jobs/periodicJobs.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import type { RunningBackup } from '../../admin/backups/backupsApi.js';

describe.each(await testDialects())('«Создать копию сейчас» (%s)', (dialect) => {
  let t: TestApp;
  let shelf: string;

  beforeAll(async () => {
    shelf = await mkdtemp(path.join(tmpdir(), 'site-backup-now-'));
    // No schedule: the only backups are the ones asked for.
    t = await createTestApp(dialect, { env: { BACKUP_KEEP: '3', BACKUP_DIR: shelf } });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await rm(shelf, { recursive: true, force: true });
  });

  const runNow = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/admin/backups/run', headers });
  const overview = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers })).json().data as {
      running: RunningBackup | null;
      archives: { name: string }[];
      last_success: { archive: string } | null;
    };

  it('makes one backup at a time for a MANAGER, answers which archive it makes, lists and audits it', async () => {
    const manager = await userWithToken(t.app, 'MANAGER');
    const editor = await userWithToken(t.app, 'USER');
    expect((await runNow(editor.headers)).statusCode).toBe(403);

    // Two requests at once: one starts the backup, the other is told one is being made.
    const answers = await Promise.all([runNow(manager.headers), runNow(manager.headers)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().message).toBe('Резервная копия уже создаётся. Дождитесь её окончания.');
    const started = answers.find((answer) => answer.statusCode === 202)?.json().data as RunningBackup;
    expect(started).toMatchObject({ archive: expect.stringMatching(/^site-\d{8}T\d{6}Z\.tar\.gz$/), by: manager.user.email });

    await expect.poll(async () => (await overview(manager.headers)).running, { timeout: 30_000 }).toBeNull();
    const after = await overview(manager.headers);
    expect(after.last_success?.archive).toBe(started.archive);
    expect(after.archives.map((archive) => archive.name)).toEqual([started.archive]);
    expect(await readdir(shelf)).toEqual([started.archive]);
    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'record_id', 'user_email']).where('resource', '=', 'backups').execute();
    expect(audit).toEqual([{ action: 'create', record_id: started.archive, user_email: manager.user.email }]);
  });

  // Only PostgreSQL has a lock that another process holds; SQLite's processes share no database server.
  if (dialect === 'postgres')
    it('answers 409 while another process holds the backup lock (a scheduled backup there)', async () => {
      const manager = await userWithToken(t.app, 'MANAGER');
      const lock = periodicJobLock(BACKUP_JOB);
      await t.app.db.connection().execute(async (connection) => {
        await sql`select pg_advisory_lock(hashtext(${lock}))`.execute(connection);
        try {
          const answer = await runNow(manager.headers);
          expect(answer.statusCode).toBe(409);
          expect(answer.json().message).toBe('Резервная копия уже создаётся. Дождитесь её окончания.');
          expect((await overview(manager.headers)).running).toBeNull();
        } finally {
          await sql`select pg_advisory_unlock(hashtext(${lock}))`.execute(connection);
        }
      });
      expect((await runNow(manager.headers)).statusCode).toBe(202);
      await expect.poll(async () => (await overview(manager.headers)).running, { timeout: 30_000 }).toBeNull();
    });
});
