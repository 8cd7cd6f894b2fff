import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** The suffix of files being written; none of them survives a start (see `sweepUploads`). */
const TEMPORARY_SUFFIX = '.tmp';

/**
 * Where uploads live: the local folder (`LocalFileStore`, the default) or an S3-compatible bucket
 * (`S3FileStore`, when `S3_BUCKET` is set). Every key is chosen by the server (`newKey`), a stored file never
 * changes, and a reader never sees half a file: a file a row names is complete before that row commits.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** A fresh name such as `news/3f9c….jpg`; `folder` is one of ours, never user input. */
  newKey(folder: string, extension: string): string;
  /** Stores a file durably; when the promise resolves, every reader sees the whole file. A stream is stored as it comes. */
  write(key: string, data: Buffer | Readable): Promise<void>;
  /** Removes files; keys that name nothing are ignored. */
  remove(keys: Iterable<string>): Promise<void>;
  /** Every stored file as a key (`news/…jpg`) with its modification time; temporary files included. */
  list(): Promise<{ key: string; modifiedMs: number }[]>;
  /** The size of a stored file in bytes, or null when there is none under the key. */
  size(key: string): Promise<number | null>;
  /** The file's bytes as a stream (constant memory however large it is), or null when it is missing. */
  read(key: string): Promise<Readable | null>;
  /** Resolves when the storage answers within `timeoutMs`, throws otherwise (the readiness check). */
  check(timeoutMs: number): Promise<void>;
}

/** A fresh random key in `folder`: 96 random bits, so that names are never reused or guessed. */
export function newUploadKey(folder: string, extension: string): string {
  return `${folder}/${randomBytes(12).toString('hex')}.${extension}`;
}

/**
 * The uploads folder. Files are written under a temporary name, flushed to disk and renamed into place, so that
 * a reader never sees half a file and a file a row names is on disk before that row commits, power loss included.
 */
export class LocalFileStore implements FileStore {
  readonly kind = 'local';

  constructor(readonly root: string) {}

  newKey(folder: string, extension: string): string {
    return newUploadKey(folder, extension);
  }

  /** The absolute path of a key, refusing anything that would leave the uploads folder. */
  pathOf(key: string): string {
    const absolute = path.resolve(this.root, key);
    if (!absolute.startsWith(this.root + path.sep)) throw new Error(`Key outside the uploads folder: ${key}`);
    return absolute;
  }

  /** Writes a file durably: the data is fsync'ed before the rename, the folder after it. */
  async write(key: string, data: Buffer | Readable): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}${TEMPORARY_SUFFIX}`;
    try {
      const handle = await open(temporary, 'wx');
      try {
        if (Buffer.isBuffer(data)) await handle.writeFile(data);
        else {
          // A stream is written chunk by chunk as it arrives, each chunk whole.
          for await (const chunk of data as AsyncIterable<Buffer>) {
            for (let done = 0; done < chunk.length;) done += (await handle.write(chunk, done)).bytesWritten;
          }
        }
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, target);
      await syncFolder(path.dirname(target));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async remove(keys: Iterable<string>): Promise<void> {
    await Promise.all([...keys].map((key) => rm(this.pathOf(key), { force: true })));
  }

  async list(): Promise<{ key: string; modifiedMs: number }[]> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const files: { key: string; modifiedMs: number }[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const absolute = path.join(entry.parentPath, entry.name);
      try {
        files.push({ key: path.relative(this.root, absolute).split(path.sep).join('/'), modifiedMs: (await stat(absolute)).mtimeMs });
      } catch {
        // Removed meanwhile: nothing to sweep.
      }
    }
    return files;
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async read(key: string): Promise<Readable | null> {
    // Opened before it is handed over, so that a missing file shows here rather than in the middle of a response.
    try {
      return (await open(this.pathOf(key), 'r')).createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }
}

/**
 * Removes what a crash can leave behind: temporary files (a write that never finished) and files no row names
 * (written for a row whose transaction never committed, or replaced just before the process died) once they
 * are older than `graceMs`, so that a write in flight (in this process or another) is left alone. `named` is read
 * AFTER the store is listed, so a file whose row commits meanwhile is never taken for an orphan. A named file is
 * never removed. Answers what was removed.
 */
export async function sweepUploads(
  store: FileStore,
  readNamed: () => Promise<ReadonlySet<string>>,
  graceMs: number,
  now = Date.now(),
): Promise<{ temporary: string[]; orphans: string[] }> {
  const files = await store.list();
  const named = await readNamed();
  const old = files.filter((file) => now - file.modifiedMs >= graceMs);
  const temporary = old.filter((file) => file.key.endsWith(TEMPORARY_SUFFIX)).map((file) => file.key);
  const orphans = old.filter((file) => !file.key.endsWith(TEMPORARY_SUFFIX) && !named.has(file.key)).map((file) => file.key);
  await store.remove([...temporary, ...orphans]);
  return { temporary, orphans };
}

/** Makes a rename in the folder durable (the folder's entry list is flushed like a file's data). */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
