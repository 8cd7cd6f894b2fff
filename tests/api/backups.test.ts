import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { BACKUP_JOB } from '../../server/backup/scheduled.js';
import { lastBackupSuccess } from '../../server/backup/status.js';
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
    for (const hours of [1, 2, 3]) {
      const now = Date.now() + hours * HOUR_MS;
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
