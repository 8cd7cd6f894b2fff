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
  /** The version of the product that made it (package.json); archives made before it was recorded lack it. */
  version?: string;
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

/** The manifest is read whole to be parsed; it lists every entry in a line or so, so a larger one is no manifest. */
export const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/**
 * One entry as it is read: its name, the size its tar header declares, and its bytes as they arrive, hashed on the
 * way. Reading stops with an `ArchiveError` at the first chunk that goes past the entry's limit, so an entry that
 * claims or holds more than it may is never read further, let alone held.
 */
export class ReadEntry {
  private readonly hash = createHash('sha256');
  private read = 0;
  private result: { sha256: string; bytes: number } | null = null;
  private readonly source: AsyncIterator<Buffer>;
  /** The failure that stopped the reading, to be told rather than what a consumer of the chunks made of it. */
  failure: ArchiveError | null = null;
  /** Whether the archive itself failed under this entry (cut, damaged), rather than what was done with its bytes. */
  unreadable = false;

  constructor(
    readonly name: string,
    readonly size: number,
    stream: AsyncIterable<Buffer>,
    private readonly limit: number,
  ) {
    this.source = stream[Symbol.asyncIterator]();
  }

  /** The entry's bytes, chunk by chunk, once: what one loop takes, the next does not see again. */
  async *chunks(): AsyncGenerator<Buffer> {
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await this.source.next();
      } catch (error) {
        this.unreadable = true;
        throw error;
      }
      if (next.done) return;
      const chunk = next.value;
      this.read += chunk.length;
      if (this.read > this.limit) {
        this.failure = new ArchiveError(`${this.name} is larger than the ${this.limit} bytes it may hold: the archive is damaged or forged`);
        throw this.failure;
      }
      this.hash.update(chunk);
      yield chunk;
    }
  }

  /** Reads what is left of the entry and answers the SHA-256 and the length of all of it. */
  async finish(): Promise<{ sha256: string; bytes: number }> {
    if (this.result) return this.result;
    for await (const chunk of this.chunks()) void chunk;
    this.result = { sha256: this.hash.digest('hex'), bytes: this.read };
    return this.result;
  }

  /** The whole entry in memory, for the manifest alone (bounded by its limit). */
  async bytes(): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const chunk of this.chunks()) parts.push(chunk);
    return Buffer.concat(parts);
  }
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
 * Reads an archive entry by entry, handing each to `visit` as it streams: nothing is held but the chunk at hand, and
 * an entry stops at the first byte past `limitOf(name)`. What `visit` leaves unread is read (and hashed) after it.
 * Fails on anything unreadable: a wrong key, a cut or a change (the gzip and tar framing and the encryption's
 * checks), and on an entry past its limit; never on content.
 */
export async function readArchive(
  open: () => Promise<Readable>,
  passphrase: string | null,
  limitOf: (name: string) => number,
  visit: (entry: ReadEntry) => Promise<void>,
): Promise<void> {
  const encrypted = await startsEncrypted(open);
  if (encrypted && !passphrase) throw new ArchiveError('the archive is encrypted: set BACKUP_KEY to the passphrase it was made with');
  const extract = tar.extract();
  const stages: NodeJS.ReadWriteStream[] = encrypted && passphrase ? [new DecryptingStream(passphrase), createGunzip()] : [createGunzip()];
  const feeding = pipeline([await open(), ...stages, extract as unknown as Writable]).catch((error: unknown) => {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw cause instanceof ArchiveError ? cause : new ArchiveError(`the archive is damaged or cut off (${cause.message})`);
  });
  feeding.catch(() => undefined);
  // Whether a failure now comes from reading the archive rather than from a check of it or from `visit`.
  let reading = true;
  let visiting: ReadEntry | null = null;
  try {
    for await (const entry of extract) {
      reading = false;
      const { name, size } = entry.header;
      const limit = limitOf(name);
      // A header that declares more than the entry may hold is refused before its first byte is read.
      if ((size ?? 0) > limit)
        throw new ArchiveError(`${name} declares ${size ?? 0} bytes, more than the ${limit} it may hold: the archive is damaged or forged`);
      visiting = new ReadEntry(name, size ?? 0, entry as AsyncIterable<Buffer>, limit);
      await visit(visiting);
      await visiting.finish();
      visiting = null;
      reading = true;
    }
  } catch (error) {
    extract.destroy();
    const unreadable = await feeding.then(
      () => null,
      (failure: unknown) => failure,
    );
    // The reading's own failure says more than the tar parser's echo of it; a failure of `visit` is passed as it is.
    if (visiting?.failure) throw visiting.failure;
    throw (reading || visiting?.unreadable) && unreadable ? unreadable : error;
  }
  await feeding;
}
