import path from 'node:path';
import { parseSchedule, type Schedule } from './schedule.js';

/** Scheduled backups: when, where the archives go, how many are kept, and the key that encrypts them. */
export interface BackupSettings {
  /** `BACKUP_SCHEDULE`; null makes no scheduled backups (the admin screen still lists the shelf). */
  schedule: Schedule | null;
  /** `BACKUP_DIR`, by default `$DATA_DIR/backups`: where archives are kept unless `s3Bucket` is set. */
  dir: string;
  /** Whether `dir` is the default one under `DATA_DIR` (`BACKUP_DIR` unset). */
  dirIsDefault: boolean;
  /** `BACKUP_S3_BUCKET`: a bucket of the uploads' object storage (the same `S3_*` connection) that keeps the archives. */
  s3Bucket: string | null;
  /** `BACKUP_KEEP`: how many scheduled archives are kept; older ones are removed after each success. */
  keep: number;
  /** `BACKUP_KEY`: the passphrase that encrypts archives (AES-256-GCM); null writes them unencrypted. */
  passphrase: string | null;
}

/** Reads the `BACKUP_*` settings; a message for a setting that is wrong. */
export function parseBackupSettings(env: NodeJS.ProcessEnv, dataDir: string, hasS3: boolean): BackupSettings | string {
  const scheduleText = env.BACKUP_SCHEDULE?.trim() ?? '';
  const schedule = scheduleText === '' || scheduleText.toLowerCase() === 'off' ? null : parseSchedule(scheduleText);
  if (typeof schedule === 'string') return schedule;
  const keepText = env.BACKUP_KEEP?.trim() || '7';
  const keep = Number(keepText);
  if (!/^\d+$/.test(keepText) || keep < 1 || keep > 1000) return `BACKUP_KEEP must be a whole number from 1 to 1000, got "${env.BACKUP_KEEP}"`;
  const s3Bucket = env.BACKUP_S3_BUCKET?.trim() || null;
  if (s3Bucket && !hasS3)
    return 'BACKUP_S3_BUCKET uses the object storage of the uploads: set S3_BUCKET (and S3_ENDPOINT, …) too, or keep archives in BACKUP_DIR.';
  const passphrase = env.BACKUP_KEY || null;
  if (passphrase !== null && passphrase.length < 12) return 'BACKUP_KEY must be a passphrase of at least 12 characters';
  const dirIsDefault = !env.BACKUP_DIR;
  return { schedule, dir: path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups')), dirIsDefault, s3Bucket, keep, passphrase };
}
