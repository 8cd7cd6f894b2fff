import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_JOB, BACKUP_RETRY_DELAYS_MS } from '../../server/backup/scheduled.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { sampleValue, scrape } from '../helpers/metrics.js';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const TOKEN = randomBytes(32).toString('hex');

/**
 * A scheduled backup that fails is seen by monitoring (a counter and the time of the last failure in /metrics) and
 * tried again 1, 5 and 15 minutes later, before the next scheduled moment; then the moment is given up.
 */
describe.each(await testDialects())('failed scheduled backups on %s', (dialect) => {
  let t: TestApp;
  let folder: string;
  /** BACKUP_DIR lies under a file, so no folder can be made there until the test removes the file. */
  let blocker: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'site-backup-retries-'));
    blocker = path.join(folder, 'blocker');
    await writeFile(blocker, 'not a folder');
    t = await createTestApp(dialect, { env: { BACKUP_SCHEDULE: 'hourly', BACKUP_DIR: path.join(blocker, 'backups'), METRICS_TOKEN: TOKEN } });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await rm(folder, { recursive: true, force: true });
  });

  const runs = () => t.app.db.selectFrom('backup_runs').select(['started_at', 'succeeded', 'error']).orderBy('id').execute();

  it('retries a failed backup with growing delays, gives the moment up after four tries, and shows the failures in /metrics', async () => {
    // The site has no backup, so the start tries one at once; it fails.
    await expect.poll(async () => (await runs()).length, { timeout: 30_000 }).toBe(1);
    await t.app.jobs.stop();
    expect((await runs())[0]).toMatchObject({ succeeded: 0, error: expect.stringMatching(/ENOTDIR|EEXIST/) });

    // A scheduled moment well after the start: the test drives the clock from there.
    const moment = (Math.floor(Date.now() / HOUR_MS) + 2) * HOUR_MS;
    const triedAt: number[] = [];
    const lookAt = async (now: number) => {
      const before = (await runs()).length;
      await t.app.jobs.runIfDue(BACKUP_JOB, now);
      if ((await runs()).length > before) triedAt.push(now - moment);
    };
    // The processes look every minute; each try's start is the moment they looked.
    for (let now = moment; now <= moment + 50 * MINUTE_MS; now += MINUTE_MS) await lookAt(now);
    const [first, second, third] = BACKUP_RETRY_DELAYS_MS;
    expect(triedAt).toEqual([0, first, first + second, first + second + third]);
    expect((await runs()).slice(1).every((run) => run.succeeded === 0)).toBe(true);

    const metrics = await scrape(t.app, TOKEN);
    expect(sampleValue(metrics, 'backup_failures_total', {})).toBe(5);
    const lastFailure = sampleValue(metrics, 'backup_last_failure_timestamp_seconds', {}) ?? 0;
    expect(lastFailure * 1000).toBeGreaterThan(Date.now() - 5 * MINUTE_MS);
    expect(sampleValue(metrics, 'backup_last_success_timestamp_seconds', {})).toBe(0);
  }, 120_000);

  it('stops retrying once a retry succeeds, and the last success then comes after the last failure', async () => {
    const moment = (Math.floor(Date.now() / HOUR_MS) + 5) * HOUR_MS;
    await t.app.jobs.runIfDue(BACKUP_JOB, moment);
    expect((await runs()).at(-1)?.succeeded).toBe(0);
    // The operator frees the folder; the next retry succeeds, and nothing more runs within the hour.
    await rm(blocker);
    await mkdir(path.join(blocker, 'backups'), { recursive: true });
    const before = (await runs()).length;
    for (let now = moment + MINUTE_MS; now <= moment + 40 * MINUTE_MS; now += MINUTE_MS) await t.app.jobs.runIfDue(BACKUP_JOB, now);
    const after = await runs();
    expect(after.slice(before).map((run) => run.succeeded)).toEqual([1]);
    expect(await readdir(path.join(blocker, 'backups'))).toHaveLength(1);

    const metrics = await scrape(t.app, TOKEN);
    expect(sampleValue(metrics, 'backup_failures_total', {})).toBe(6);
    const success = sampleValue(metrics, 'backup_last_success_timestamp_seconds', {}) ?? 0;
    expect(success).toBeGreaterThan(sampleValue(metrics, 'backup_last_failure_timestamp_seconds', {}) ?? Infinity);
  }, 120_000);
});
