import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../records/audit.js';
import { requireAccess } from '../auth/guard.js';
import { confirmPassword, currentPassword } from '../auth/passwordConfirmation.js';
import { HttpError, notFound } from '../http/errors.js';
import { parseForm } from '../http/validation.js';
import { BACKUP_DOCS, downloadBody } from '../routes/openapi/backups.js';
import { BACKUP_RUNNING_MESSAGE, BackupNow, type RunningBackup } from './backupNow.js';
import { describeSchedule } from './schedule.js';
import { BACKUP_CHECK_EVERY_MS, BACKUP_JOB, backupIfDue } from './scheduled.js';
import type { BackupSettings } from './settings.js';
import { openShelf } from './shelf.js';
import { keptArchives, lastBackupRuns, type BackupRun } from './status.js';

/** The audit entries of a download and of a backup made on request: the resource `backups`, the archive's name as the record. */
export const BACKUP_AUDIT = { resource: 'backups', download: 'download', create: 'create' } as const;

const presentRun = (run: BackupRun | null) =>
  run && { started_at: run.startedAt, finished_at: run.finishedAt, archive: run.archive, size: run.size, error: run.error };

const presentRunning = (run: RunningBackup | null) =>
  run && { archive: run.archive, started_at: run.startedAt, by: run.by, rows: run.progress.rows, files: run.progress.files, bytes: run.progress.bytes };

/**
 * Whether the archives of a site on PostgreSQL would be kept where only this process sees them. Several processes
 * share one database, and each makes the scheduled backup of some moments (whichever claims it): they must keep the
 * archives in one place, a folder they all mount (`BACKUP_DIR`) or the bucket, or each lists only its own. A
 * SQLite site is one process, whose `DATA_DIR` is the site's.
 */
export function sharedShelfMissing(databaseUrl: string | null, settings: BackupSettings): boolean {
  return databaseUrl !== null && settings.dirIsDefault && settings.s3Bucket === null;
}

/**
 * Scheduled backups (`BACKUP_SCHEDULE`), run once across the processes by the periodic jobs, and the MANAGER's
 * screen of them: the last success and failure, the archives kept, a backup made on request (one at a time, its
 * progress in the overview) and a download that asks for the password again.
 */
export async function backupRoutes(app: FastifyInstance): Promise<void> {
  const { config, db, files } = app;
  const settings = config.backup;
  const deps = { db, files, databaseUrl: config.databaseUrl, dataDir: config.dataDir, s3: config.s3, settings };
  if (settings.schedule) {
    if (sharedShelfMissing(config.databaseUrl, settings)) {
      app.log.warn(
        { backupDir: settings.dir },
        'scheduled backups go into this process’s own DATA_DIR/backups: with several processes on one database set BACKUP_DIR to a folder they all share (or BACKUP_S3_BUCKET), so that every process lists and serves the same archives',
      );
    }
    app.jobs.add({
      name: BACKUP_JOB,
      everyMs: BACKUP_CHECK_EVERY_MS,
      run: (now) => backupIfDue(deps, now).then(() => undefined),
    });
  }

  await app.register(async (scope) => {
    scope.addHook('onRequest', requireAccess({ resource: 'backups' }));
    const shelf = openShelf(settings, config.s3);
    const backupNow = new BackupNow(deps, app.log);
    scope.addHook('onClose', async () => {
      await backupNow.settled();
      shelf.close();
    });

    scope.get('/api/admin/backups', { schema: BACKUP_DOCS.overview }, async () => {
      const runs = await lastBackupRuns(db);
      // Listed from the records, not the shelf, so that every process lists the same archives; the shelf is only
      // asked whether it can be read here, and the screen says so when it cannot.
      const archives = await keptArchives(db, settings.keep);
      const archivesError = await shelf.problem(archives.length > 0);
      return {
        data: {
          schedule: settings.schedule ? describeSchedule(settings.schedule) : null,
          keep: settings.keep,
          location: settings.s3Bucket ? 'bucket' : 'folder',
          encrypted: settings.passphrase !== null,
          last_success: presentRun(runs.success),
          last_failure: presentRun(runs.failure),
          archives: archives.map((archive) => ({ name: archive.name, size: archive.size, created_at: archive.createdAt })),
          archives_error: archivesError,
          running: presentRunning(backupNow.running),
        },
      };
    });

    scope.post('/api/admin/backups/run', { schema: BACKUP_DOCS.run }, async (request, reply) => {
      const run = await backupNow.start(request.user?.email ?? '');
      if (!run) throw new HttpError(409, BACKUP_RUNNING_MESSAGE);
      await recordAudit(request, { action: BACKUP_AUDIT.create, resource: BACKUP_AUDIT.resource, recordId: run.archive });
      return reply.code(202).send({ data: presentRunning(run) });
    });

    // Sent as stored: an archive is compressed already (on-the-fly compression would take a gzip archive for gzip encoding).
    scope.post(
      '/api/admin/backups/download',
      { compress: false, schema: { ...BACKUP_DOCS.download, documentedBody: downloadBody } },
      async (request, reply) => {
        const { name, password } = parseForm(downloadBody.extend({ password: currentPassword }), request.body);
        const row = await db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', request.user?.id ?? 0)
          .executeTakeFirst();
        if (!row) throw new HttpError(401, 'Войдите снова.');
        await confirmPassword(db, request, row, password, 'password');
        const archive = await shelf.open(name);
        if (!archive) throw notFound();
        await recordAudit(request, { action: BACKUP_AUDIT.download, resource: BACKUP_AUDIT.resource, recordId: name });
        return reply
          .type('application/octet-stream')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(archive);
      },
    );
  });
}
