import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { S3FileStore, type S3Settings } from '../files/s3Store.js';

/** The names scheduled archives get: `site-20261128T030000Z.tar.gz`, `.enc` added when encrypted. */
const ARCHIVE_NAME = /^site-\d{8}T\d{6}Z\.tar\.gz(?:\.enc)?$/;

export const isArchiveName = (name: string) => ARCHIVE_NAME.test(name);

export const archiveNameAt = (at: number, encrypted: boolean) =>
  `site-${new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}.tar.gz${encrypted ? '.enc' : ''}`;

export interface ShelvedArchive {
  name: string;
  size: number;
  createdAt: string;
}

/** Where scheduled archives are kept: a folder (`BACKUP_DIR`) or a bucket (`BACKUP_S3_BUCKET`). Only archive names are seen. */
export interface Shelf {
  /** The archives, newest first. */
  list(): Promise<ShelvedArchive[]>;
  /** Stores what `write` writes under `name`, visible only once complete; answers its size. */
  store(name: string, write: (output: Writable) => Promise<unknown>): Promise<number>;
  open(name: string): Promise<Readable | null>;
  remove(names: string[]): Promise<void>;
  /**
   * Why the archives cannot be read here, in words for the admin screen, or null when they can. A folder not made
   * yet is a problem only when `expected` (the records name archives that should be in it).
   */
  problem(expected: boolean): Promise<string | null>;
  close(): void;
}

const newestFirst = (archives: ShelvedArchive[]) => archives.filter((archive) => isArchiveName(archive.name)).sort((a, b) => (a.name < b.name ? 1 : -1));

class FolderShelf implements Shelf {
  constructor(private readonly dir: string) {}

  async list(): Promise<ShelvedArchive[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const archives: ShelvedArchive[] = [];
    for (const name of names.filter(isArchiveName)) {
      const info = await stat(path.join(this.dir, name)).catch(() => null);
      if (info) archives.push({ name, size: info.size, createdAt: info.mtime.toISOString() });
    }
    return newestFirst(archives);
  }

  async store(name: string, write: (output: Writable) => Promise<unknown>): Promise<number> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const partial = path.join(this.dir, `${name}.partial`);
    try {
      const output = createWriteStream(partial, { mode: 0o600 });
      await write(output);
      await finished(output);
      await rename(partial, path.join(this.dir, name));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return (await stat(path.join(this.dir, name))).size;
  }

  async open(name: string): Promise<Readable | null> {
    if (!isArchiveName(name)) return null;
    const info = await stat(path.join(this.dir, name)).catch(() => null);
    return info ? createReadStream(path.join(this.dir, name)) : null;
  }

  async remove(names: string[]): Promise<void> {
    for (const name of names.filter(isArchiveName)) await rm(path.join(this.dir, name), { force: true });
  }

  async problem(expected: boolean): Promise<string | null> {
    try {
      await readdir(this.dir);
      return null;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return expected ? `Папка архивов недоступна: ${this.dir} не найдена.` : null;
      const why =
        code === 'EACCES' || code === 'EPERM'
          ? `нет прав на чтение ${this.dir}`
          : code === 'ENOTDIR'
            ? `${this.dir} — не папка`
            : `${this.dir}: ${error instanceof Error ? error.message : String(error)}`;
      return `Папка архивов недоступна: ${why}.`;
    }
  }

  close(): void {}
}

class BucketShelf implements Shelf {
  private readonly bucket: S3FileStore;

  constructor(settings: S3Settings) {
    this.bucket = new S3FileStore(settings);
  }

  async list(): Promise<ShelvedArchive[]> {
    const sizes = await this.bucket.sizes();
    const objects = await this.bucket.list();
    return newestFirst(objects.map((object) => ({ name: object.key, size: sizes.get(object.key) ?? 0, createdAt: new Date(object.modifiedMs).toISOString() })));
  }

  async store(name: string, write: (output: Writable) => Promise<unknown>): Promise<number> {
    const body = new PassThrough();
    // An upload that fails midway leaves no object: the multipart upload is aborted.
    const writing = write(body).catch((error: unknown) => {
      body.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
    await Promise.all([this.bucket.write(name, body), writing]);
    return (await this.bucket.size(name)) ?? 0;
  }

  async open(name: string): Promise<Readable | null> {
    return isArchiveName(name) ? this.bucket.read(name) : null;
  }

  async remove(names: string[]): Promise<void> {
    await this.bucket.remove(names.filter(isArchiveName));
  }

  async problem(): Promise<string | null> {
    try {
      await this.bucket.list();
      return null;
    } catch (error) {
      return `Хранилище архивов недоступно: ${error instanceof Error ? error.message : String(error)}.`;
    }
  }

  close(): void {
    this.bucket.destroy();
  }
}

/** The shelf the settings name: the bucket when `BACKUP_S3_BUCKET` is set (with the uploads' S3 connection), else the folder. */
export function openShelf(settings: { dir: string; s3Bucket: string | null }, s3: S3Settings | null): Shelf {
  return settings.s3Bucket && s3 ? new BucketShelf({ ...s3, bucket: settings.s3Bucket }) : new FolderShelf(settings.dir);
}
