import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { insertAudit } from '../admin/audit.js';
import type { Database } from '../db/schema.js';
import type { FileStore } from '../files/store.js';

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
}

/**
 * Deletes trash entries for good, with their files. The entries are claimed first, in a transaction that deletes
 * them and answers what it deleted (with their audit entries): a purge running at the same moment in another
 * process, or a restore, finds them gone, so no file is deleted twice and no restored record's file is ever
 * deleted. The files go once that committed. Answers how many entries were purged.
 */
export async function purgeTrash({ db, files, removedBefore, actor, ip }: PurgeOptions): Promise<number> {
  const purged = await db.transaction().execute(async (trx) => {
    let claim = trx.deleteFrom('trash');
    if (removedBefore) claim = claim.where('removed_at', '<', removedBefore.toISOString());
    const entries = await claim.returning(['resource', 'record_id', 'files']).execute();
    for (const entry of entries) await insertAudit(trx, { action: 'purge', resource: entry.resource, recordId: entry.record_id, actor, ip });
    return entries;
  });
  await files.remove(purged.flatMap((entry) => JSON.parse(entry.files) as string[]));
  return purged.length;
}

/** The moment before which removed entries have expired. */
export const expiryOf = (retentionDays: number, now = Date.now()): Date => new Date(now - retentionDays * DAY_MS);

/**
 * Purges the entries older than the retention, at start and then every `intervalMs`; runs never overlap in one
 * process (and are safe across processes, see `purgeTrash`).
 */
export class TrashPurger {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: Omit<PurgeOptions, 'removedBefore' | 'actor' | 'ip'> & { retentionDays: number; log: FastifyBaseLogger },
    private readonly intervalMs = TRASH_PURGE_INTERVAL_MS,
  ) {}

  start(): void {
    void this.run();
    this.timer ??= setInterval(() => void this.run(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One purge of the expired entries, after the one in progress. */
  run(): Promise<void> {
    this.running = this.running.then(() => this.purgeExpired());
    return this.running;
  }

  private async purgeExpired(): Promise<void> {
    const { db, files, retentionDays, log } = this.options;
    try {
      const count = await purgeTrash({ db, files, removedBefore: expiryOf(retentionDays), actor: { id: null, email: '' }, ip: 'server' });
      if (count) log.info({ purged: count, retentionDays }, 'purged expired trash entries with their files');
    } catch (error) {
      log.error({ err: error }, 'trash purge failed; the next run retries');
    }
  }
}
