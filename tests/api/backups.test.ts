import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { BACKUP_JOB } from '../../server/backup/scheduled.js';
import { lastBackupSuccess, recordBackupRun } from '../../server/backup/status.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { startObjectStorage, type TestObjectStorage } from '../helpers/s3.js';

const HOUR_MS = 60 * 60 * 1000;

/** Waits until the site's first scheduled backup (made at start, as the site has none) is recorded. */
async function firstRun(app: FastifyInstance) {
  const runs = () => app.db.selectFrom('backup_runs').selectAll().execute();
  await expect.poll(async () => (await runs()).length, { timeout: 30_000 }).toBeGreaterThan(0);
  return runs();
}

describe.each(await testDialects())('scheduled backups and the backups screen (%s)', (dialect) => {
  let t: TestApp;
  /** A second process on the same database (PostgreSQL; a SQLite site is one process). */
  let other: FastifyInstance | null = null;
  let shelf: string;

  beforeAll(async () => {
    shelf = await mkdtemp(path.join(tmpdir(), 'site-backups-'));
    t = await createTestApp(dialect, { env: { BACKUP_SCHEDULE: 'hourly', BACKUP_KEEP: '2', BACKUP_DIR: shelf } });
    if (dialect === 'postgres') other = await buildApp(t.config, { logger: false, viewFlushMs: 60_000 });
  }, 60_000);

  afterAll(async () => {
    await other?.close();
    await t?.close();
    await rm(shelf, { recursive: true, force: true });
  });

  const runs = () => t.app.db.selectFrom('backup_runs').selectAll().orderBy('id').execute();

  it('backs up at once when there is no backup, then once per scheduled moment across processes, keeping BACKUP_KEEP archives', async () => {
    // A site without any backup gets one at start.
    expect(await firstRun(t.app)).toHaveLength(1);
    // From here the test drives the schedule; stopping the timers also waits until the start-up run lets go of its lock.
    await Promise.all([t.app.jobs.stop(), other?.jobs.stop()]);
    // Five minutes into each of the coming hours, so that looking again two minutes later stays within that hour
    // (from the clock's own minute, the second look crossed into the next hour when the test ran just before one).
    const thisHour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    for (const hours of [1, 2, 3]) {
      const now = thisHour + hours * HOUR_MS + 5 * 60_000;
      const ran = await Promise.all([t.app.jobs.runIfDue(BACKUP_JOB, now), ...(other ? [other.jobs.runIfDue(BACKUP_JOB, now)] : [])]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(await runs()).toHaveLength(1 + hours);
      // Looked at again within the same hour: the moment is taken care of.
      await t.app.jobs.runIfDue(BACKUP_JOB, now + 2 * 60_000);
      expect(await runs()).toHaveLength(1 + hours);
    }
    const recorded = await runs();
    expect(recorded).toHaveLength(4);
    expect(recorded.every((run) => run.succeeded === 1 && run.error === null)).toBe(true);
    const kept = (await readdir(shelf)).sort();
    expect(kept).toEqual(recorded.slice(-2).map((run) => run.archive));
    expect(await lastBackupSuccess(t.app.db)).toEqual(new Date(recorded.reduce((last, run) => (run.finished_at > last ? run.finished_at : last), '')));
  }, 120_000);

  it('shows a MANAGER the last success and the archives, and downloads one only with the password, audited', async () => {
    const manager = await userWithToken(t.app, 'MANAGER');
    const editor = await userWithToken(t.app, 'USER');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: editor.headers })).statusCode).toBe(403);
    const overview = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: manager.headers });
    expect(overview.statusCode).toBe(200);
    const data = overview.json().data as {
      schedule: string;
      keep: number;
      last_success: { archive: string };
      last_failure: null;
      archives: { name: string; size: number }[];
    };
    expect(data.schedule).toBe('каждый час');
    expect(data.keep).toBe(2);
    expect(data.last_failure).toBeNull();
    expect(data.archives).toHaveLength(2);
    expect(data.archives[0]?.name).toBe(data.last_success.archive);
    const name = data.archives[0]?.name ?? '';

    const download = (password: unknown, archive = name, headers = manager.headers) =>
      t.app.inject({ method: 'POST', url: '/api/admin/backups/download', headers, payload: { name: archive, password } });
    const wrong = await download('not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.password).toBeDefined();
    expect((await download(undefined)).statusCode).toBe(400);
    expect((await download(manager.password, '../site.db')).statusCode).toBe(404);
    expect((await download(editor.password, name, editor.headers)).statusCode).toBe(403);

    const right = await download(manager.password);
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(right.rawPayload.equals(await readFile(path.join(shelf, name)))).toBe(true);
    const audit = await t.app.db.selectFrom('audit_log').selectAll().where('resource', '=', 'backups').execute();
    expect(audit.map((entry) => [entry.action, entry.record_id, entry.user_email])).toEqual([['download', name, manager.user.email]]);
  });
});

describe.each(await testDialects())('the backups screen lists the archives from the records (%s)', (dialect) => {
  let t: TestApp;
  let folder: string;
  /** Where BACKUP_DIR points: a file, so that the archives' folder cannot be read. */
  let blocked: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'site-backups-records-'));
    blocked = path.join(folder, 'not-a-folder');
    await writeFile(blocked, 'x');
    t = await createTestApp(dialect, { env: { BACKUP_KEEP: '2', BACKUP_DIR: blocked } });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await rm(folder, { recursive: true, force: true });
  });

  const overview = async () => {
    const manager = await userWithToken(t.app, 'MANAGER');
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: manager.headers });
    expect(response.statusCode).toBe(200);
    return response.json().data as { archives: { name: string; size: number; created_at: string }[]; archives_error: string | null };
  };

  it('lists the newest BACKUP_KEEP successful runs, whatever the shelf of this process holds, and says why the shelf cannot be read', async () => {
    const at = (hour: number) => `2026-11-28T0${hour}:00:00.000Z`;
    const name = (hour: number) => `site-20261128T0${hour}0000Z.tar.gz`;
    for (const hour of [1, 2, 3]) {
      await recordBackupRun(t.app.db, { startedAt: at(hour), finishedAt: at(hour), archive: name(hour), size: hour * 1000, error: null });
    }
    await recordBackupRun(t.app.db, { startedAt: at(4), finishedAt: at(4), archive: null, size: null, error: 'disk full' });
    const data = await overview();
    expect(data.archives).toEqual([
      { name: name(3), size: 3000, created_at: at(3) },
      { name: name(2), size: 2000, created_at: at(2) },
    ]);
    expect(data.archives_error).toBe(`Папка архивов недоступна: ${blocked} — не папка.`);
    if (dialect === 'postgres') {
      // Another process on the same database, with a folder of its own that holds nothing: the same archives.
      const other = await buildApp({ ...t.config, backup: { ...t.config.backup, dir: folder } }, { logger: false, viewFlushMs: 60_000 });
      try {
        const manager = await userWithToken(other, 'MANAGER');
        const response = await other.inject({ method: 'GET', url: '/api/admin/backups', headers: manager.headers });
        expect(response.json().data).toMatchObject({ archives: data.archives, archives_error: null });
      } finally {
        await other.close();
      }
    }
  });

  it('answers no error once the folder can be read, and a missing folder only when the records name archives', async () => {
    await rm(blocked);
    expect((await overview()).archives_error).toBe(`Папка архивов недоступна: ${blocked} не найдена.`);
    await t.app.db.deleteFrom('backup_runs').execute();
    const none = await overview();
    expect(none.archives).toEqual([]);
    expect(none.archives_error).toBeNull();
  });
});

describe('scheduled backups in a bucket', () => {
  let storage: TestObjectStorage;
  let t: TestApp;
  let client: S3Client;
  const BUCKET = 'site-backups';

  beforeAll(async () => {
    storage = await startObjectStorage();
    client = new S3Client({
      endpoint: storage.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    t = await createTestApp('sqlite', {
      env: { ...storage.env, BACKUP_SCHEDULE: 'daily@03:00', BACKUP_KEEP: '1', BACKUP_S3_BUCKET: BUCKET, BACKUP_KEY: 'a passphrase for tests' },
    });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    client?.destroy();
    await storage?.close();
  });

  it('keeps the encrypted archives in BACKUP_S3_BUCKET, the newest BACKUP_KEEP, and downloads them from there', async () => {
    expect(await firstRun(t.app)).toHaveLength(1);
    await t.app.jobs.runIfDue(BACKUP_JOB, Date.now() + 24 * HOUR_MS);
    const objects = (await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? [];
    expect(objects.map((object) => object.Key)).toEqual([expect.stringMatching(/^site-\d{8}T\d{6}Z\.tar\.gz\.enc$/)]);
    const manager = await userWithToken(t.app, 'MANAGER');
    const overview = (await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: manager.headers })).json().data;
    expect(overview).toMatchObject({ schedule: 'ежедневно в 03:00 UTC', location: 'bucket', encrypted: true, keep: 1 });
    expect(overview.archives.map((archive: { name: string }) => archive.name)).toEqual(objects.map((object) => object.Key));
    const download = await t.app.inject({
      method: 'POST',
      url: '/api/admin/backups/download',
      headers: manager.headers,
      payload: { name: objects[0]?.Key, password: manager.password },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 8).toString()).toBe('SITEBKE1');
    expect(download.rawPayload.length).toBe(objects[0]?.Size);
  }, 60_000);
});
