import path from 'node:path';
import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { INVALIDATION_CHANNEL } from '../cache/invalidationBus.js';
import type { DatabaseTimeouts } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import type { FileStore } from '../files/store.js';
import { reindexAll } from '../search/indexer.js';
import { MANIFEST_ENTRY, MANIFEST_MAX_BYTES, readArchive, type Manifest } from './archive.js';
import type { Progress } from './create.js';
import { ArchiveError } from './encryption.js';
import { RowInserter } from './insertRows.js';
import { leftoversOf, RestoreJournal, runningServerPid, type UnfinishedRestore } from './restoreGuard.js';
import { applyMigrations, checkForeignKeys, dropEverything, migrationsAround, resetIdentities } from './schema.js';
import { firstTableWithRows, tablesToBackUp } from './tables.js';
import { verifyArchive } from './verify.js';

/** Where a restore writes: the configured database and file store. */
export interface RestoreTarget {
  databaseUrl: string | null;
  dataDir: string;
  databaseTimeouts: DatabaseTimeouts;
  files: FileStore;
}

export interface RestoreOptions {
  /** Opens the archive from its start; it is read twice (checked, then restored). */
  open: () => Promise<Readable>;
  passphrase: string | null;
  /** Replace a site the target already holds; without it such a target is refused. */
  replace: boolean;
  onProgress?: (stage: 'checking' | 'restoring', progress: Progress) => void;
  /** What the restore found and dealt with before it began, such as the leftovers of one that did not finish. */
  onNotice?: (text: string) => void;
}

/** The target holds a site and `--replace` was not given: nothing was changed. */
export class RestoreRefusedError extends Error {}

const isTemporary = (key: string) => key.endsWith('.tmp');

async function refuseOccupiedTarget(db: Kysely<Database>, files: FileStore): Promise<void> {
  const table = await firstTableWithRows(db as unknown as Kysely<unknown>);
  const stored = (await files.list()).filter((file) => !isTemporary(file.key)).length;
  if (!table && stored === 0) return;
  const holds = table ? `rows in the table ${table}` : `${stored} stored files`;
  throw new RestoreRefusedError(
    `The target already holds a site (${holds}); nothing was changed. Run the restore again with --replace to replace it with the archive.`,
  );
}

/**
 * What must hold before a restore touches the target: no server runs on its SQLite database (it would keep serving
 * and writing the database changed beneath it), and no other restore into it is running.
 */
async function refuseBusyTarget(target: RestoreTarget, earlier: UnfinishedRestore | null): Promise<void> {
  const pid = target.databaseUrl === null ? await runningServerPid(target.dataDir) : null;
  if (pid !== null) {
    throw new RestoreRefusedError(
      `a server is running on this site's SQLite database (pid ${pid}, ${path.join(target.dataDir, 'site.db')}); nothing was changed. Stop the site's servers first, then run the restore again.`,
    );
  }
  if (earlier && RestoreJournal.running(earlier)) {
    throw new RestoreRefusedError(`another restore into this target is running (pid ${earlier.pid}, since ${earlier.startedAt}); nothing was changed.`);
  }
}

/**
 * Restores an archive into the target, all or nothing. The archive is read once to check every entry against the
 * manifest before anything is written. Then, in one database transaction: the schema is rebuilt by the migrations up
 * to the archive's, the rows are inserted, the later migrations run; the files are written meanwhile under their
 * own keys (random names that no other file has), and removed again if anything fails before the commit. With
 * `replace`, the target's former files go only after the commit. Then the search index is rebuilt and, on
 * PostgreSQL, every running server is told to empty its page cache. Both readings stream: no entry is ever held
 * whole, and the second stops each entry at the first byte past the size its manifest gives it.
 *
 * A restore killed midway leaves its journal in the data folder (restoreGuard.ts); the next one removes the files
 * it wrote (the database rolled its transaction back by itself), and when the target was empty before it, carries
 * on over whatever it left, so that running the same command again is all an interrupted restore needs.
 */
export async function restoreBackup(target: RestoreTarget, options: RestoreOptions): Promise<{ manifest: Manifest; indexed: number }> {
  const journal = new RestoreJournal(target.dataDir);
  const earlier = await journal.unfinished();
  await refuseBusyTarget(target, earlier);
  const { db, dialect } = connectDatabase({ ...target, databaseTimeouts: { ...target.databaseTimeouts, queryTimeoutMs: 3_600_000 } });
  try {
    if (earlier && !earlier.committed) {
      // Its rows were rolled back with its transaction; its files are the rest of it.
      await target.files.remove(
        leftoversOf(
          earlier.written,
          (await target.files.list()).map((file) => file.key),
        ),
      );
      await journal.end();
      options.onNotice?.(`An earlier restore (${earlier.startedAt}) did not finish: the ${earlier.written.length} files it had written were removed.`);
    }
    // One that stopped after its commit into an empty target (rebuilding the search index) left a site that is its
    // own, so a plain retry restores over it.
    const resumes = earlier?.committed === true && earlier.targetWasEmpty;
    if (resumes) options.onNotice?.(`An earlier restore (${earlier.startedAt}) stopped after its rows were committed: this one restores over what it left.`);
    const replace = options.replace || resumes;
    const targetWasEmpty = resumes || !options.replace;
    if (!replace) await refuseOccupiedTarget(db, target.files);
    const { manifest, manifestSha256 } = await verifyArchive(options.open, options.passphrase);
    const { upToArchive, later } = await migrationsAround(manifest.migration);
    const expected = new Map(manifest.entries.map((entry) => [entry.name, entry]));
    const formerFiles = new Set((await target.files.list()).map((file) => file.key));
    const written: string[] = [];
    const progress: Progress = { rows: 0, files: 0, bytes: 0 };
    await journal.begin(targetWasEmpty);
    // SQLite checks references once at the end (a pragma that must be set outside the transaction).
    if (dialect === 'sqlite') await sql`pragma foreign_keys = off`.execute(db);
    try {
      await db.transaction().execute(async (trx) => {
        const schemaTrx = trx as unknown as Parameters<typeof dropEverything>[0];
        await dropEverything(schemaTrx);
        await applyMigrations(schemaTrx, upToArchive);
        // Rows go only into the tables a backup of this schema writes: never the migrations' bookkeeping, sessions
        // or SQLite's own tables, whatever the archive holds.
        const rows = new RowInserter(schemaTrx, new Set(await tablesToBackUp(schemaTrx)));
        const limitOf = (name: string) => (name === MANIFEST_ENTRY ? MANIFEST_MAX_BYTES : (expected.get(name)?.size ?? 0));
        await readArchive(options.open, options.passphrase, limitOf, async (entry) => {
          if (entry.name === MANIFEST_ENTRY) {
            if ((await entry.finish()).sha256 !== manifestSha256) throw new ArchiveError('the archive changed while it was restored');
            return;
          }
          const listed = expected.get(entry.name);
          if (!listed || listed.size !== entry.size) throw new ArchiveError(`${entry.name} changed while the archive was restored`);
          const table = /^tables\/([^/]+)\/\d+\.ndjson$/.exec(entry.name)?.[1];
          if (table) progress.rows += await rows.insert(table, entry.chunks());
          else {
            const key = entry.name.slice('files/'.length);
            // A key names one file for ever: one the target already has is that same file.
            if (!formerFiles.has(key)) {
              written.push(key);
              await journal.writing(key);
              await target.files.write(key, Readable.from(entry.chunks()));
            }
            progress.files++;
          }
          // Whatever was done with the bytes, they are undone with the transaction if they were not the ones checked.
          if ((await entry.finish()).sha256 !== listed.sha256) throw new ArchiveError(`${entry.name} changed while the archive was restored`);
          options.onProgress?.('restoring', progress);
        });
        await rows.finish();
        for (const table of manifest.tables) {
          if ((rows.counts.get(table.name) ?? 0) !== table.rows) throw new ArchiveError(`table ${table.name} was not restored whole`);
        }
        await applyMigrations(schemaTrx, later);
        await resetIdentities(schemaTrx);
        await checkForeignKeys(schemaTrx);
      });
      await journal.committed();
    } catch (error) {
      // The journal goes only once its files are gone: otherwise the next restore removes them.
      await target.files.remove(written).then(
        () => journal.end(),
        () => undefined,
      );
      throw error;
    } finally {
      if (dialect === 'sqlite') await sql`pragma foreign_keys = on`.execute(db);
    }
    if (replace) {
      const restored = new Set(manifest.entries.filter((entry) => entry.name.startsWith('files/')).map((entry) => entry.name.slice('files/'.length)));
      await target.files.remove([...formerFiles].filter((key) => !restored.has(key)));
    }
    // The restored site is not served before its command ends.
    const indexed = await reindexAll(db, { unread: true });
    if (dialect === 'postgres') await sql`select pg_notify(${INVALIDATION_CHANNEL}, ${'restore:1'})`.execute(db);
    await journal.end();
    return { manifest, indexed };
  } finally {
    await db.destroy();
  }
}
