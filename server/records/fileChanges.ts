import { keysNoAssetNames } from '../assets/files.js';
import type { Db } from '../db/schema.js';
import type { FileStore } from '../files/store.js';

/**
 * The files one admin write adds and makes obsolete. New files are removed again when the write fails, so a
 * failure leaves nothing on disk; old files are removed only after the write succeeded, when no row points to
 * them any more.
 */
export class FileChanges {
  private readonly added: string[] = [];
  private readonly obsolete: string[] = [];

  constructor(
    readonly store: FileStore,
    private readonly db: Db,
  ) {}

  /** Files just written for this change. */
  stored(keys: Iterable<string>): void {
    this.added.push(...keys);
  }

  /** Files the rows will no longer point to once the change succeeded. */
  replaced(keys: Iterable<string>): void {
    this.obsolete.push(...keys);
  }

  /** The write failed: its new files go; those the storage cannot remove now are left to the periodic sweep. */
  async rollback(): Promise<void> {
    await this.store.remove(this.added).catch(() => undefined);
  }

  /**
   * The write committed: its old files go, except those a library asset names (the library keeps them whoever
   * stopped using them). When the storage cannot remove them now, the write still stands (its answer must not say
   * it failed); the periodic uploads sweep removes them later, as files no row names.
   */
  async commit(): Promise<void> {
    const obsolete = this.obsolete.filter((key) => !this.added.includes(key));
    if (!obsolete.length) return;
    await keysNoAssetNames(this.db, obsolete)
      .then((keys) => this.store.remove(keys))
      .catch(() => undefined);
  }
}

/** Runs a write that may store and replace files: new files go if it throws, old ones go if it succeeds. */
export async function withFileChanges<T>(db: Db, store: FileStore, write: (changes: FileChanges) => Promise<T>): Promise<T> {
  const changes = new FileChanges(store, db);
  let result: T;
  try {
    result = await write(changes);
  } catch (error) {
    await changes.rollback();
    throw error;
  }
  await changes.commit();
  return result;
}
