import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { insertAudit } from '../records/audit.js';
import { keysNoAssetNames } from '../assets/files.js';
import type { Database } from '../db/schema.js';
import type { FileStore } from '../files/store.js';
import { forgetRevisions } from '../revisions/store.js';
import { deleteDraft } from '../review/store.js';
import { forgetTranslations } from '../translations/store.js';

export const DAY_MS = 86_400_000;

/** How often the server purges expired entries. */
export const TRASH_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface PurgeOptions {
  db: Kysely<Database>;
  files: FileStore;
  /** Purge the entries removed before this moment; null purges every entry (emptying the trash). */
  removedBefore: Date | null;
  /** Who purges, for the audit log: a MANAGER emptying the trash, or the server itself (`ip` `server`). */
  actor: { id: number | null; email: string };
  ip: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Deletes trash entries for good, with their files. The entries are claimed first, in a transaction that deletes
 * them and answers what it deleted (with their audit entries): a purge running at the same moment in another
 * process, or a restore, finds them gone, so no file is deleted twice and no restored record's file is ever
 * deleted. The records' histories and drafts go with the entries; the files once that committed. Answers how many entries were purged.
 */
export async function purgeTrash({ db, files, removedBefore, actor, ip, log }: PurgeOptions): Promise<number> {
  const purged = await db.transaction().execute(async (trx) => {
    let claim = trx.deleteFrom('trash');
    if (removedBefore) claim = claim.where('removed_at', '<', removedBefore.toISOString());
    const entries = await claim.returning(['resource', 'record_id', 'files']).execute();
    for (const entry of entries) {
      await forgetRevisions(trx, entry.resource, entry.record_id);
      await forgetTranslations(trx, entry.resource, entry.record_id);
      await deleteDraft(trx, entry.resource, entry.record_id);
      await insertAudit(trx, { action: 'purge', resource: entry.resource, recordId: entry.record_id, actor, ip });
    }
    return entries;
  });
  // The purge has committed: a file the storage fails to delete now is an orphan, which the uploads sweep removes.
  // A file a library asset names stays: a removed record's picture is still the library's.
  const named = purged.flatMap((entry) => JSON.parse(entry.files) as string[]);
  await (named.length ? keysNoAssetNames(db, named).then((keys) => files.remove(keys)) : Promise.resolve()).catch((error: unknown) => {
    log.warn({ err: error }, 'purged trash entries; some of their files are left to the uploads sweep');
  });
  return purged.length;
}

/** The moment before which removed entries have expired. */
export const expiryOf = (retentionDays: number, now = Date.now()): Date => new Date(now - retentionDays * DAY_MS);
