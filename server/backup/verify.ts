import type { Readable } from 'node:stream';
import { FORMAT, MANIFEST_ENTRY, readArchive, type Manifest } from './archive.js';
import { ArchiveError } from './encryption.js';

const rowsIn = (bytes: Buffer) => {
  let count = 0;
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) count++;
  return count;
};

function parseManifest(bytes: Buffer): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
  } catch {
    throw new ArchiveError('the archive manifest is not readable');
  }
  if (manifest.format !== FORMAT) throw new ArchiveError(`the archive is of another format (${String(manifest.format)}), not ${FORMAT}`);
  if (!Array.isArray(manifest.entries) || !Array.isArray(manifest.tables) || typeof manifest.migration !== 'string') {
    throw new ArchiveError('the archive manifest is incomplete');
  }
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
  await readArchive(open, passphrase, async (entry) => {
    if (found) throw new ArchiveError(`the archive has an entry after its manifest (${entry.name})`);
    if (entry.name === MANIFEST_ENTRY) {
      found = { manifest: parseManifest(entry.bytes), manifestSha256: entry.sha256 };
      return;
    }
    if (seen.has(entry.name)) throw new ArchiveError(`the archive holds ${entry.name} twice`);
    seen.set(entry.name, { size: entry.bytes.length, sha256: entry.sha256 });
    const table = /^tables\/([^/]+)\/\d+\.ndjson$/.exec(entry.name)?.[1];
    if (table) rows.set(table, (rows.get(table) ?? 0) + rowsIn(entry.bytes));
    else if (entry.name.startsWith('files/')) files++;
    else throw new ArchiveError(`the archive holds an entry this site does not write: ${entry.name}`);
  });
  if (!found) throw new ArchiveError('the archive has no manifest: it is cut off or not an archive of this site');
  const { manifest } = found as { manifest: Manifest; manifestSha256: string };
  for (const expected of manifest.entries) {
    const actual = seen.get(expected.name);
    if (!actual) throw new ArchiveError(`the archive is missing ${expected.name}`);
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256)
      throw new ArchiveError(`${expected.name} fails its SHA-256 check: the archive is damaged`);
    seen.delete(expected.name);
  }
  if (seen.size > 0) throw new ArchiveError(`the archive holds entries its manifest does not list, such as ${[...seen.keys()][0]}`);
  for (const table of manifest.tables) {
    if ((rows.get(table.name) ?? 0) !== table.rows)
      throw new ArchiveError(`table ${table.name}: ${rows.get(table.name) ?? 0} rows, the manifest says ${table.rows}`);
  }
  if (files !== manifest.files) throw new ArchiveError(`${files} files, the manifest says ${manifest.files}`);
  return found;
}
