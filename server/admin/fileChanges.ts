import type { FileStore } from '../files/store.js';

/**
 * The files one admin write adds and makes obsolete. New files are removed again when the write fails, so a
 * failure leaves nothing on disk; old files are removed only after the write succeeded, when no row points to
 * them any more (DESIGN.md §3).
 */
export class FileChanges {
  private readonly added: string[] = [];
  private readonly obsolete: string[] = [];

  constructor(readonly store: FileStore) {}

  /** Files just written for this change. */
  stored(keys: Iterable<string>): void {
    this.added.push(...keys);
  }

  /** Files the rows will no longer point to once the change succeeded. */
  replaced(keys: Iterable<string>): void {
    this.obsolete.push(...keys);
  }

  async rollback(): Promise<void> {
    await this.store.remove(this.added);
  }

  async commit(): Promise<void> {
    await this.store.remove(this.obsolete.filter((key) => !this.added.includes(key)));
  }
}

/** Runs a write that may store and replace files: new files go if it throws, old ones go if it succeeds. */
export async function withFileChanges<T>(store: FileStore, write: (changes: FileChanges) => Promise<T>): Promise<T> {
  const changes = new FileChanges(store);
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
