/**
 * Writes an archive of the whole site to a file: `npm run backup -- <file>` (`-` writes to standard output). Uses the
 * server's configuration (DATABASE_URL, DATA_DIR, S3_*) and may run while the site serves: the archive is one
 * consistent snapshot. With `BACKUP_KEY` set, the archive is encrypted with it. Progress goes to standard error.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createBackup } from '../backup/create.js';
import { configuredFileStore } from '../backup/fileStoreOf.js';
import { progressLine } from '../backup/progressLine.js';

const { positionals } = parseArgs({ allowPositionals: true });
const [file] = positionals;
if (positionals.length !== 1 || file === undefined) {
  process.stderr.write('Usage: npm run backup -- <file>   (the archive to write; "-" for standard output)\n');
  process.exit(2);
}
const config = loadConfig();
const { files, close } = configuredFileStore(config);
const progress = progressLine('Backup');
// Written under a temporary name and renamed once complete, so that a file by the archive's name is always whole.
const partial = `${file}.partial`;
try {
  const output = file === '-' ? process.stdout : createWriteStream(partial, { mode: 0o600 });
  const manifest = await createBackup({ ...config, files }, output, { passphrase: config.backup.passphrase, onProgress: progress.update });
  if (file !== '-') await rename(partial, file);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  progress.done({ rows, files: manifest.files, bytes: file === '-' ? 0 : (await stat(file)).size });
  process.stderr.write(`Backup written${file === '-' ? '' : ` to ${file}`}: schema ${manifest.migration}, ${manifest.tables.length} tables.\n`);
} catch (error) {
  if (file !== '-') await rm(partial, { force: true });
  process.stderr.write(`Error: the backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  close();
}
