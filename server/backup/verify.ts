import type { Readable } from 'node:stream';
import { FORMAT, MANIFEST_ENTRY, MANIFEST_MAX_BYTES, readArchive, type Manifest } from './archive.js';
import { ArchiveError } from './encryption.js';
import { isLeftOut } from './tables.js';

/** The rows of a table part: its lines, counted as they stream. */
async function rowsIn(chunks: AsyncIterable<Buffer>): Promise<number> {
  let count = 0;
  for await (const chunk of chunks) for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) count++;
  return count;
}

/** A table a backup leaves out (the migrations' bookkeeping, sessions, SQLite's own tables…) is never restored. */
function refuseTableNoBackupHolds(table: string): void {
  if (isLeftOut(table)) throw new ArchiveError(`the archive holds the table ${table}, which no backup of this site holds`);
}

function parseManifest(bytes: Buffer): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
  } catch {
    throw new ArchiveError('the archive manifest is not readable');
  }
  if (manifest.format !== FORMAT) throw new ArchiveError(`the archive is of another format (${String(manifest.format)}), not ${FORMAT}`);
  if (
    !Array.isArray(manifest.entries) ||
    !Array.isArray(manifest.tables) ||
    typeof manifest.migration !== 'string' ||
    (manifest.version !== undefined && typeof manifest.version !== 'string')
  ) {
    throw new ArchiveError('the archive manifest is incomplete');
  }
  const wellFormed =
    manifest.tables.every((table) => typeof table?.name === 'string' && Number.isSafeInteger(table.rows)) &&
    manifest.entries.every(
      (entry) => typeof entry?.name === 'string' && Number.isSafeInteger(entry.size) && entry.size >= 0 && typeof entry.sha256 === 'string',
    );
  if (!wellFormed) throw new ArchiveError('the archive manifest is damaged: a table or an entry is not described as this site writes them');
  return manifest;
}

/**
 * Reads the whole archive once and checks it against its manifest: every entry there with its size and SHA-256,
 * nothing more, every table's row count and the number of files. Writes nothing; answers the manifest and the
 * checksum of the manifest itself, which the second reading compares so that a file replaced in between is caught.
 */
export async function verifyArchive(open: () => Promise<Readable>, passphrase: string | null): Promise<{ manifest: Manifest; manifestSha256: string }> {
  const seen = new Map<string, { size: number; sha256: string }>();
  const rows = new Map<string, number>();
  let files = 0;
  let found: { manifest: Manifest; manifestSha256: string } | null = null;
  // The manifest comes last, so the entries before it are bounded by nothing yet: each is only streamed, hashed and
  // counted, never held; the restore's second reading stops each at the size the manifest gives it.
  await readArchive(
    open,
    passphrase,
    (name) => (name === MANIFEST_ENTRY ? MANIFEST_MAX_BYTES : Number.MAX_SAFE_INTEGER),
    async (entry) => {
      if (found) throw new ArchiveError(`the archive has an entry after its manifest (${entry.name})`);
      if (entry.name === MANIFEST_ENTRY) {
        const manifest = parseManifest(await entry.bytes());
        found = { manifest, manifestSha256: (await entry.finish()).sha256 };
        return;
      }
      if (seen.has(entry.name)) throw new ArchiveError(`the archive holds ${entry.name} twice`);
      const table = /^tables\/([^/]+)\/\d+\.ndjson$/.exec(entry.name)?.[1];
      if (table) {
        refuseTableNoBackupHolds(table);
        rows.set(table, (rows.get(table) ?? 0) + (await rowsIn(entry.chunks())));
      } else if (entry.name.startsWith('files/')) files++;
      else throw new ArchiveError(`the archive holds an entry this site does not write: ${entry.name}`);
      const { sha256, bytes } = await entry.finish();
      seen.set(entry.name, { size: bytes, sha256 });
    },
  );
  if (!found) throw new ArchiveError('the archive has no manifest: it is cut off or not an archive of this site');
  const { manifest } = found as { manifest: Manifest; manifestSha256: string };
  for (const expected of manifest.entries) {
    const actual = seen.get(expected.name);
    if (!actual) throw new ArchiveError(`the archive is missing ${expected.name}`);
    if (actual.size !== expected.size)
      throw new ArchiveError(`${expected.name} holds ${actual.size} bytes, its manifest says ${expected.size}: the archive is damaged or forged`);
    if (actual.sha256 !== expected.sha256) throw new ArchiveError(`${expected.name} fails its SHA-256 check: the archive is damaged`);
    seen.delete(expected.name);
  }
  if (seen.size > 0) throw new ArchiveError(`the archive holds entries its manifest does not list, such as ${[...seen.keys()][0]}`);
  for (const table of manifest.tables) {
    refuseTableNoBackupHolds(table.name);
    if ((rows.get(table.name) ?? 0) !== table.rows)
      throw new ArchiveError(`table ${table.name}: ${rows.get(table.name) ?? 0} rows, the manifest says ${table.rows}`);
  }
  if (files !== manifest.files) throw new ArchiveError(`${files} files, the manifest says ${manifest.files}`);
  return found;
}
