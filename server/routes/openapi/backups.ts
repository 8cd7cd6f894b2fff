import { z } from 'zod';
import { TAGS } from '../../http/openapi/document.js';
import { fileAnswer, operation } from '../../http/openapi/operation.js';
import { int, moment } from '../../http/openapi/shapes.js';

/** The documented operations of the backups screen (MANAGER). */

const run = z.object({
  started_at: moment,
  finished_at: moment,
  archive: z.string().nullable().meta({ description: "The archive's name on the shelf; null for a failed run." }),
  size: int.nullable().meta({ description: 'Bytes.' }),
  error: z.string().nullable().meta({ description: 'Why the run failed; null after a success.' }),
});

const running = z
  .object({
    archive: z.string().meta({ description: 'The name the archive will have.' }),
    started_at: moment,
    by: z.string().meta({ description: 'The e-mail of the MANAGER who asked for it.' }),
    rows: int.meta({ description: 'Rows written so far.' }),
    files: int.meta({ description: 'Files written so far.' }),
    bytes: int.meta({ description: "The archive's bytes so far." }),
  })
  .meta({ description: 'A backup made on request, while it is being made (as this process sees it).' });

const overview = z.object({
  schedule: z.string().nullable().meta({ description: 'The schedule in words (`BACKUP_SCHEDULE`); null when scheduled backups are off.' }),
  keep: int.meta({ description: 'How many archives the schedule keeps (`BACKUP_KEEP`).' }),
  location: z.enum(['folder', 'bucket']).meta({ description: '`BACKUP_DIR` or `BACKUP_S3_BUCKET`.' }),
  encrypted: z.boolean().meta({ description: 'Whether archives are encrypted (`BACKUP_KEY` is set).' }),
  last_success: run.nullable(),
  last_failure: run.nullable(),
  archives: z
    .array(z.object({ name: z.string(), size: int, created_at: moment }))
    .meta({ description: 'The archives the schedule keeps, as the runs that made them recorded them (the same in every process), newest first.' }),
  archives_error: z
    .string()
    .nullable()
    .meta({ description: 'Why the archives cannot be read by this process (an unreadable `BACKUP_DIR` or bucket), in words; null when they can.' }),
  running: running.nullable(),
});

export const downloadBody = z.object({
  name: z.string({ error: 'Выберите архив.' }).min(1, { error: 'Выберите архив.' }).max(100),
  password: z.string(),
});

export const BACKUP_DOCS = {
  overview: operation({ summary: 'Scheduled backups: the last success and failure, and the archives kept', tag: TAGS.admin.name, data: overview }),
  run: operation({
    summary: 'Make a backup now',
    description:
      'Starts a backup of the whole site and answers at once (202); its progress is in the overview until it ends, then it is among the archives (or its error is the last failure). One at a time: a second request while one is being made, by request or by the schedule, is a 409. Audited.',
    tag: TAGS.admin.name,
    data: running,
    status: 202,
    errors: [409],
  }),
  download: operation({
    summary: 'Download an archive',
    description: 'Needs the current password again (within the sign-in attempt limit); every download is audited. The archive holds personal data.',
    tag: TAGS.admin.name,
    success: fileAnswer('The archive as stored (gzip-compressed tar, or encrypted with `BACKUP_KEY`).', 'application/octet-stream', {
      'Content-Disposition': { type: 'string', description: "`attachment` with the archive's name." },
    }),
    errors: [404, 429],
  }),
};
