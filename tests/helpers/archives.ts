import { createReadStream, createWriteStream } from 'node:fs';
import { ArchiveWriter, MANIFEST_ENTRY, readArchive, type Manifest, type ManifestEntry } from '../../server/backup/archive.js';
import { createBackup } from '../../server/backup/create.js';
import type { FileStore } from '../../server/files/store.js';

/** An entry of an archive being rewritten: its bytes, or a source of chunks of a known size (a large made-up entry). */
export interface ArchivePart {
  name: string;
  size: number;
  source: () => AsyncIterable<Buffer> | Buffer;
}

/** A backup of a site into `file`, made in this process as `npm run backup` makes it. */
export async function backUpInto(file: string, source: { databaseUrl: string | null; dataDir: string; files: FileStore }): Promise<Manifest> {
  return createBackup(source, createWriteStream(file), { passphrase: null });
}

/**
 * Writes `to` from the archive `from` (small: its entries are read into memory), after `edit` changed its entries
 * and its manifest; the manifest's list of entries is made again from what is written, then `forge` may change it.
 */
export async function rewriteArchive(
  from: string,
  to: string,
  edit: (archive: { parts: ArchivePart[]; manifest: Manifest }) => void,
  forge: (entries: ManifestEntry[]) => void = () => undefined,
): Promise<void> {
  const parts: ArchivePart[] = [];
  let manifest: Manifest | null = null;
  await readArchive(
    async () => createReadStream(from),
    null,
    () => Number.MAX_SAFE_INTEGER,
    async (entry) => {
      const bytes = await entry.bytes();
      if (entry.name === MANIFEST_ENTRY) manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
      else parts.push({ name: entry.name, size: bytes.length, source: () => bytes });
    },
  );
  if (!manifest) throw new Error(`${from} has no manifest`);
  const archive = { parts, manifest: manifest as Manifest };
  edit(archive);
  const writer = new ArchiveWriter(createWriteStream(to), null);
  for (const part of archive.parts) await writer.add(part.name, part.size, part.source());
  forge(writer.entries);
  const { entries: _entries, ...rest } = archive.manifest;
  void _entries;
  await writer.finish(rest);
}

/** `length` bytes of zeros, a mebibyte at a time: what compresses a thousand times. */
export async function* zeros(length: number): AsyncGenerator<Buffer> {
  const block = Buffer.alloc(1024 * 1024);
  for (let left = length; left > 0; left -= block.length) yield left >= block.length ? block : block.subarray(0, left);
}

/** An NDJSON part of rows. */
export const ndjson = (rows: Record<string, unknown>[]) => Buffer.from(rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
