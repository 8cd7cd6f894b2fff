/**
 * Restores an archive made by `npm run backup`: `npm run restore -- <file> [--replace]`, into the configured target
 * (DATABASE_URL or SQLite in DATA_DIR; files into the uploads folder or S3_BUCKET). Stop the site's servers first.
 * Every checksum is verified before anything is written; a target that already holds a site is refused unless
 * `--replace` is given; a failure leaves the target as it was. `BACKUP_KEY` opens an encrypted archive.
 */
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { configuredFileStore } from '../backup/fileStoreOf.js';
import { progressLine } from '../backup/progressLine.js';
import { restoreBackup, RestoreRefusedError } from '../backup/restore.js';
import { ArchiveError } from '../backup/encryption.js';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { replace: { type: 'boolean', default: false } } });
const [file] = positionals;
if (positionals.length !== 1 || file === undefined) {
  process.stderr.write('Usage: npm run restore -- <file> [--replace]\n');
  process.exit(2);
}
const config = loadConfig();
const { files, close } = configuredFileStore(config);
const progress = progressLine('Restore');
try {
  await access(file);
  process.stderr.write('Checking the archive…\n');
  const { manifest, indexed } = await restoreBackup(
    { ...config, files },
    { open: async () => createReadStream(file), passphrase: config.backup.passphrase, replace: values.replace, onProgress: (_stage, p) => progress.update(p) },
  );
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  progress.done({ rows, files: manifest.files, bytes: 0 });
  process.stderr.write(
    `Restored the archive of ${manifest.createdAt} (schema ${manifest.migration}, from ${manifest.dialect}); search index rebuilt (${indexed} documents).\n`,
  );
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  const reason = error instanceof RestoreRefusedError ? message : error instanceof ArchiveError ? `the archive is refused: ${message}` : message;
  process.stderr.write(`Error: ${reason}\nThe target was left as it was.\n`);
  process.exitCode = 1;
} finally {
  close();
}
