import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { createBackup, type BackupSource } from './create.js';
import type { BackupSettings } from './settings.js';

/**
 * The name of the archive made before an upgrade: `pre-upgrade-<UTC time>-before-<first pending migration>.tar.gz`
 * (`.enc` when encrypted). Scheduled archives are named `site-…`, so `BACKUP_KEEP` never removes this one and the
 * admin screen does not list it: it is the operator's, to restore when going back to the old version.
 */
export function preUpgradeArchiveName(at: number, firstPending: string, encrypted: boolean): string {
  const time = new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `pre-upgrade-${time}-before-${firstPending}.tar.gz${encrypted ? '.enc' : ''}`;
}

/**
 * Archives the whole site (every table, every file; encrypted with `BACKUP_KEY` when set) into `BACKUP_DIR` before
 * the start migrates it, also when scheduled archives go to a bucket: a folder of the machine is where the operator
 * looks first. Written under a temporary name and renamed once complete; answers the archive's path.
 */
export async function backupBeforeUpgrade(source: BackupSource, settings: BackupSettings, pending: string[]): Promise<string> {
  await mkdir(settings.dir, { recursive: true, mode: 0o700 });
  const file = path.join(settings.dir, preUpgradeArchiveName(Date.now(), pending[0] ?? 'unknown', settings.passphrase !== null));
  const partial = `${file}.partial`;
  try {
    const output = createWriteStream(partial, { mode: 0o600 });
    await createBackup(source, output, { passphrase: settings.passphrase });
    await finished(output);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return file;
}
