import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** The suffix of files being written; none of them survives a start (see `sweep`). */
const TEMPORARY_SUFFIX = '.tmp';

/**
 * The uploads folder. Every name in it is chosen here (never the client's), files are written under a temporary
 * name, flushed to disk and renamed into place, so that a reader never sees half a file and a file a row names
 * is on disk before that row commits, power loss included.
 */
export class FileStore {
  constructor(readonly root: string) {}

  /** A fresh name such as `news/3f9c….jpg`; `folder` is one of ours, never user input. */
  newKey(folder: string, extension: string): string {
    return `${folder}/${randomBytes(12).toString('hex')}.${extension}`;
  }

  /** The absolute path of a key, refusing anything that would leave the uploads folder. */
  pathOf(key: string): string {
    const absolute = path.resolve(this.root, key);
    if (!absolute.startsWith(this.root + path.sep)) throw new Error(`Key outside the uploads folder: ${key}`);
    return absolute;
  }

  /** Writes a file durably: the data is fsync'ed before the rename, the folder after it. */
  async write(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}${TEMPORARY_SUFFIX}`;
    try {
      const handle = await open(temporary, 'wx');
      try {
        await handle.writeFile(data);
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

  /** Every file under the folder as a key (`news/…jpg`) with its modification time; temporary files included. */
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

  /**
   * Removes what a crash can leave behind: temporary files (a write that never finished) and files no row names
   * (written for a row whose transaction never committed, or replaced just before the process died) once they
   * are older than `graceMs`, so that a write in flight in another process is left alone. `named` is read AFTER
   * the folder is listed, so a file whose row commits meanwhile is never taken for an orphan. A named file is
   * never removed. Answers what was removed.
   */
  async sweep(readNamed: () => Promise<ReadonlySet<string>>, graceMs: number, now = Date.now()): Promise<{ temporary: string[]; orphans: string[] }> {
    const files = await this.list();
    const named = await readNamed();
    const temporary = files.filter((file) => file.key.endsWith(TEMPORARY_SUFFIX)).map((file) => file.key);
    const orphans = files
      .filter((file) => !file.key.endsWith(TEMPORARY_SUFFIX) && !named.has(file.key) && now - file.modifiedMs >= graceMs)
      .map((file) => file.key);
    await this.remove([...temporary, ...orphans]);
    return { temporary, orphans };
  }
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
