/** A record a content write changed, named by its resource and id. */
export interface ChangedRecord {
  resource: string;
  id: number;
}

/** How many changes are remembered. */
const JOURNAL_LENGTH = 1000;

/**
 * What each recent content change was: the records a write changed, none for a scheduled time, null when not known
 * record by record. Who keeps values across changes (the sitemap's files) asks what changed since it last looked.
 */
export class ChangeJournal {
  private readonly entries: { generation: number; changed: ChangedRecord[] | null }[] = [];

  add(generation: number, changed: ChangedRecord[] | null): void {
    this.entries.push({ generation, changed });
    if (this.entries.length > JOURNAL_LENGTH) this.entries.shift();
  }

  /** The records changed after `generation` up to `current`, or null when some change since is not known or forgotten. */
  since(generation: number, current: number): ChangedRecord[] | null {
    if (generation === current) return [];
    const since = this.entries.filter((entry) => entry.generation > generation);
    if (since.length !== current - generation) return null;
    const changed: ChangedRecord[] = [];
    for (const entry of since) {
      if (entry.changed === null) return null;
      changed.push(...entry.changed);
    }
    return changed;
  }
}
