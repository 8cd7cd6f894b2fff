import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The uploads folder. Every name in it is chosen here (never the client's), files are written under a temporary
 * name and renamed into place, so that a reader never sees half a file.
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

  async write(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, data, { flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async remove(keys: Iterable<string>): Promise<void> {
    await Promise.all([...keys].map((key) => rm(this.pathOf(key), { force: true })));
  }
}
