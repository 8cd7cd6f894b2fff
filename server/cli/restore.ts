/**
 * Restores an archive made by `npm run backup`: `npm run restore -- <file> [--replace]`, into the configured target
 * (DATABASE_URL or SQLite in DATA_DIR; files into the uploads folder or S3_BUCKET). Stop the site's servers first: a
 * SQLite target a server runs on is refused. Every checksum is verified before anything is written; a target that
 * already holds a site is refused unless `--replace` is given; a failure leaves the target as it was, and a restore
 * killed midway is cleaned up by the next. `BACKUP_KEY` opens an encrypted archive.
 * `npm run restore -- --check <file>` only verifies the archive and says what it holds, writing nothing.
 */
import { createReadStream } from 'node:fs';
import { access, open } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { configuredFileStore } from '../backup/fileStoreOf.js';
import { progressLine } from '../backup/progressLine.js';
import { restoreBackup, RestoreRefusedError } from '../backup/restore.js';
import { ArchiveError, MAGIC } from '../backup/encryption.js';
import type { Manifest } from '../backup/archive.js';
import { migrationsAround } from '../backup/schema.js';
import { verifyArchive } from '../backup/verify.js';

const USAGE = 'Usage: npm run restore -- <file> [--replace]   or   npm run restore -- --check <file>\n';

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { replace: { type: 'boolean', default: false }, check: { type: 'boolean', default: false } } });
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
const { positionals, values } = parsed;
const [file] = positionals;
if (positionals.length !== 1 || file === undefined || (values.check && values.replace)) {
  process.stderr.write(USAGE);
  process.exit(2);
}
const madeBy = (manifest: Manifest) => `version ${manifest.version ?? 'unknown (made before archives named it)'}`;

/** Whether the file begins as an encrypted archive does. */
async function encrypted(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(MAGIC.length), 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && buffer.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/** Reads the whole archive as a restore's first reading does and says what it holds; writes nothing anywhere. */
async function check(path: string): Promise<void> {
  await access(path);
  const sealed = await encrypted(path);
  // The configuration is not loaded: it would make the data folder (and a secret in it) where nothing may be written.
  const { manifest } = await verifyArchive(async () => createReadStream(path), process.env.BACKUP_KEY || null);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const bytes = manifest.entries.reduce((sum, entry) => sum + entry.size, 0);
  // A whole archive this version cannot restore (a newer schema) fails the check: a restore of it would fail too.
  const { later } = await migrationsAround(manifest.migration);
  process.stdout.write(
    [
      `The archive is whole: every entry matches its size and SHA-256 in the manifest${sealed ? ', and BACKUP_KEY opens it' : ''}.`,
      `  made:       ${manifest.createdAt} by ${madeBy(manifest)}, from ${manifest.dialect}`,
      `  schema:     ${manifest.migration}${later.length ? ` (a restore applies ${later.length} later migrations)` : ' (this version’s latest)'}`,
      `  encrypted:  ${sealed ? 'yes' : 'no'}`,
      `  holds:      ${manifest.tables.length} tables, ${rows} rows, ${manifest.files} files, ${(bytes / 1024 / 1024).toFixed(1)} MB unpacked`,
      'Nothing was written.',
      '',
    ].join('\n'),
  );
}

async function restore(path: string): Promise<void> {
  const config = loadConfig();
  const { files, close } = configuredFileStore(config);
  const progress = progressLine('Restore');
  try {
    await access(path);
    process.stderr.write('Checking the archive…\n');
    const { manifest, indexed } = await restoreBackup(
      { ...config, files },
      {
        open: async () => createReadStream(path),
        passphrase: config.backup.passphrase,
        replace: values.replace,
        onProgress: (_stage, p) => progress.update(p),
        onNotice: (text) => process.stderr.write(`${text}\n`),
      },
    );
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    progress.done({ rows, files: manifest.files, bytes: 0 });
    process.stderr.write(
      `Restored the archive of ${manifest.createdAt} (made by ${madeBy(manifest)}, schema ${manifest.migration}, from ${manifest.dialect}); search index rebuilt (${indexed} documents).\n`,
    );
  } finally {
    close();
  }
}

try {
  await (values.check ? check(file) : restore(file));
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  const reason = error instanceof RestoreRefusedError ? message : error instanceof ArchiveError ? `the archive is refused: ${message}` : message;
  process.stderr.write(values.check ? `Error: ${reason}\nNothing was written.\n` : `Error: ${reason}\nThe target was left as it was.\n`);
  process.exitCode = 1;
}
