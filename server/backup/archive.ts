import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { ArchiveError, DecryptingStream, EncryptingStream, MAGIC } from './encryption.js';

/**
 * A site archive is a tar stream, gzip-compressed and, with `BACKUP_KEY`, encrypted (encryption.ts). It holds
 * `tables/<table>/<part>.ndjson` (rows as JSON objects, one a line, in parts of a few megabytes), `files/<key>` (the
 * uploads under their keys) and, last, `manifest.json`: the schema's migration, the counts, and every other entry
 * with its size and SHA-256.
 */
export const MANIFEST_ENTRY = 'manifest.json';
export const FORMAT = 'site-backup/1';

export interface ManifestEntry {
  name: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  /** The last migration applied to the database the archive was taken from. */
  migration: string;
  /** The tables in the order they are to be inserted (a referenced table before the ones referring to it). */
  tables: { name: string; rows: number }[];
  files: number;
  entries: ManifestEntry[];
}

export const tablePartName = (table: string, part: number) => `tables/${table}/${String(part).padStart(6, '0')}.ndjson`;
export const fileEntryName = (key: string) => `files/${key}`;

/** A pass-through that counts the bytes it passes (for the progress line). */
export class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error: null, chunk: Buffer) => void): void {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}

/** Writes entries into an archive stream; `finish` adds the manifest and waits until everything reached `output`. */
export class ArchiveWriter {
  readonly entries: ManifestEntry[] = [];
  readonly written = new ByteCounter();
  private readonly pack = tar.pack();
  private readonly done: Promise<void>;

  constructor(output: Writable, passphrase: string | null) {
    const gzip = createGzip({ level: 4, memLevel: 8, chunkSize: 64 * 1024, flush: constants.Z_NO_FLUSH });
    const stages: NodeJS.ReadWriteStream[] = passphrase ? [gzip, new EncryptingStream(passphrase)] : [gzip];
    this.done = pipeline([Readable.from(this.pack), ...stages, this.written, output]);
    // A failure downstream is reported by `finish`; writes in flight stop at once instead of waiting.
    this.done.catch((error: unknown) => this.pack.destroy(error instanceof Error ? error : new Error(String(error))));
  }

  /** One entry of known size from a source of chunks; its checksum is recorded for the manifest. */
  async add(name: string, size: number, source: AsyncIterable<Buffer> | Buffer): Promise<void> {
    const hash = createHash('sha256');
    let seen = 0;
    const finished = new Promise<void>((resolve, reject) => {
      const sink = this.pack.entry({ name, size, mtime: new Date(0) }, (error) => (error ? reject(error) : resolve()));
      void (async () => {
        try {
          for await (const chunk of Buffer.isBuffer(source) ? [source] : source) {
            hash.update(chunk);
            seen += chunk.length;
            if (!sink.write(chunk)) await once(sink, 'drain');
          }
          if (seen !== size) throw new Error(`${name}: ${seen} bytes read, ${size} expected (the file changed while it was copied)`);
          (sink as unknown as { end(): void }).end();
        } catch (error) {
          sink.destroy(error instanceof Error ? error : new Error(String(error)));
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      })();
    });
    await finished;
    this.entries.push({ name, size, sha256: hash.digest('hex') });
  }

  async finish(manifest: Omit<Manifest, 'entries'>): Promise<Manifest> {
    const complete: Manifest = { ...manifest, entries: this.entries };
    const bytes = Buffer.from(JSON.stringify(complete));
    await new Promise<void>((resolve, reject) =>
      this.pack.entry({ name: MANIFEST_ENTRY, size: bytes.length, mtime: new Date(0) }, bytes, (error) => (error ? reject(error) : resolve())),
    );
    this.pack.finalize();
    await this.done;
    return complete;
  }

  async abort(error: Error): Promise<void> {
    this.pack.destroy(error);
    await this.done.catch(() => undefined);
  }
}

/** One entry read back: its name, its bytes collected (entries are a few megabytes at most) and their checksum. */
export interface ReadEntry {
  name: string;
  bytes: Buffer;
  sha256: string;
}

/** The first bytes of an archive: whether it is encrypted. */
async function startsEncrypted(open: () => Promise<Readable>): Promise<boolean> {
  const stream = await open();
  for await (const chunk of stream) {
    stream.destroy();
    return (chunk as Buffer).subarray(0, MAGIC.length).equals(MAGIC);
  }
  throw new ArchiveError('the archive is empty');
}

/**
 * Reads an archive entry by entry, handing each to `visit` with its checksum. Fails on anything unreadable: a wrong
 * key, a cut or a change (the gzip and tar framing and the encryption's checks), never on content.
 */
export async function readArchive(open: () => Promise<Readable>, passphrase: string | null, visit: (entry: ReadEntry) => Promise<void>): Promise<void> {
  const encrypted = await startsEncrypted(open);
  if (encrypted && !passphrase) throw new ArchiveError('the archive is encrypted: set BACKUP_KEY to the passphrase it was made with');
  const extract = tar.extract();
  const stages: NodeJS.ReadWriteStream[] = encrypted && passphrase ? [new DecryptingStream(passphrase), createGunzip()] : [createGunzip()];
  const feeding = pipeline([await open(), ...stages, extract as unknown as Writable]).catch((error: unknown) => {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw cause instanceof ArchiveError ? cause : new ArchiveError(`the archive is damaged or cut off (${cause.message})`);
  });
  feeding.catch(() => undefined);
  let visiting = false;
  try {
    for await (const entry of extract) {
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        hash.update(chunk);
        chunks.push(chunk);
      }
      visiting = true;
      await visit({ name: entry.header.name, bytes: Buffer.concat(chunks), sha256: hash.digest('hex') });
      visiting = false;
    }
  } catch (error) {
    extract.destroy();
    const unreadable = await feeding.then(
      () => null,
      (failure: unknown) => failure,
    );
    // The reading's own failure says more than the tar parser's echo of it; a failure of `visit` is passed as it is.
    throw !visiting && unreadable ? unreadable : error;
  }
  await feeding;
}
