import type { Writable } from 'node:stream';
import type { FileStore } from '../files/store.js';
import { ArchiveWriter, fileEntryName, FORMAT, tablePartName, type Manifest } from './archive.js';
import { openSnapshot, type Row } from './snapshot.js';
import { productVersion } from './version.js';

/** Rows are written in parts of about this size, so that an entry's size is known before it is written. */
const PART_BYTES = 4 * 1024 * 1024;

/** Where a backup reads from: the configured database and file store. */
export interface BackupSource {
  databaseUrl: string | null;
  dataDir: string;
  files: FileStore;
}

/** How far a backup or a restore got: rows and files so far, and the archive's bytes. */
export interface Progress {
  rows: number;
  files: number;
  bytes: number;
}

export interface BackupOptions {
  /** `BACKUP_KEY`: the archive is encrypted with it when set. */
  passphrase: string | null;
  onProgress?: (progress: Progress) => void;
}

/**
 * A value as the archive holds it: text, a number or null, as both dialects store them (timestamps are ISO text
 * and flags 0/1 already). Anything else would not come back the same in the other dialect, so it stops the backup.
 */
function portable(table: string, column: string, value: unknown): unknown {
  if (value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint' && Number.isSafeInteger(Number(value))) return Number(value);
  throw new Error(`${table}.${column} holds a value the archive cannot carry between dialects (${typeof value})`);
}

function line(table: string, row: Row): string {
  const out: Row = {};
  for (const [column, value] of Object.entries(row)) out[column] = portable(table, column, value);
  return `${JSON.stringify(out)}\n`;
}

/**
 * Writes an archive of the whole site to `output`: every table of one consistent snapshot, then every file. Files
 * are listed after the snapshot began, so every file a row of it names is there (files never change once written);
 * a file removed since (its record purged after the snapshot) is left out. Memory stays flat: rows are read a
 * thousand at a time and written in parts of a few megabytes, files are streamed.
 */
export async function createBackup(source: BackupSource, output: Writable, options: BackupOptions): Promise<Manifest> {
  const snapshot = await openSnapshot(source);
  const writer = new ArchiveWriter(output, options.passphrase);
  const progress: Progress = { rows: 0, files: 0, bytes: 0 };
  const report = () => options.onProgress?.({ ...progress, bytes: writer.written.bytes });
  try {
    const tables: Manifest['tables'] = [];
    for (const table of snapshot.tables) {
      let rows = 0;
      let part = 0;
      let pending: string[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        const bytes = Buffer.from(pending.join(''));
        await writer.add(tablePartName(table, part++), bytes.length, bytes);
        pending = [];
        pendingBytes = 0;
        report();
      };
      for await (const batch of snapshot.rows(table)) {
        for (const row of batch) {
          const text = line(table, row);
          pending.push(text);
          pendingBytes += Buffer.byteLength(text);
          if (pendingBytes >= PART_BYTES) await flush();
        }
        rows += batch.length;
        progress.rows += batch.length;
      }
      if (pending.length) await flush();
      tables.push({ name: table, rows });
    }
    const keys = (await source.files.list()).map((file) => file.key).filter((key) => !key.endsWith('.tmp'));
    for (const key of keys.sort()) {
      const size = await source.files.size(key);
      const stream = size === null ? null : await source.files.read(key);
      if (size === null || !stream) continue;
      await writer.add(fileEntryName(key), size, stream);
      progress.files++;
      report();
    }
    const manifest = await writer.finish({
      format: FORMAT,
      createdAt: new Date().toISOString(),
      version: productVersion(),
      dialect: snapshot.dialect,
      migration: snapshot.migration,
      tables,
      files: progress.files,
    });
    report();
    return manifest;
  } catch (error) {
    await writer.abort(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    await snapshot.close();
  }
}
