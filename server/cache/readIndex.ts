import { LRUCache } from 'lru-cache';
import { changesList, knownChanges, listApart, type ListRead, type RowChange, type RowFilters } from '../db/listReads.js';
import type { QueryLog } from '../db/queryLog.js';

/**
 * What a content change touched, when it is known: tables changed as a whole (every answer that read them in any
 * way ends), and records changed one by one, by table (the answers that read those records end, and the lists of
 * their table a record may have entered, left or moved in: every one, unless `rows` tells each record's values
 * before and after; no ids: rows were only added).
 */
export interface ChangedContent {
  tables: readonly string[];
  records: Readonly<Record<string, readonly number[]>>;
  rows?: Readonly<Record<string, readonly RowChange[]>>;
  /** Rows changed by condition, by table: the equalities each write held them to. */
  where?: Readonly<Record<string, readonly RowFilters[]>>;
}

/** Whether writes by condition of a table may change what `reads` read of it. */
function writtenWhereRead(reads: QueryLog, table: string, writes: readonly RowFilters[]): boolean {
  if (reads.read.has(table) || reads.records.has(table)) return true;
  return (reads.lists.get(table) ?? []).some((list) => writes.some((filters) => !listApart(list, filters)));
}

/** Whether the change of a table's records may change one of `lists`. */
function changesAnyList(lists: readonly ListRead[], table: string, change: ChangedContent): boolean {
  const rows = knownChanges(change.records[table] ?? [], change.rows?.[table]);
  return rows === null || lists.some((list) => rows.some((row) => changesList(list, row)));
}

const recordTag = (table: string, id: number) => `${table}#${id}`;

/** Record changes remembered one by one for the renders running; an older forgotten one counts as a change of all. */
const RECORD_TIMES = 10_000;

function addTo(index: Map<string, Set<string>>, tag: string, key: string): void {
  let keys = index.get(tag);
  if (!keys) index.set(tag, (keys = new Set()));
  keys.add(key);
}

function removeFrom(index: Map<string, Set<string>>, tag: string, key: string): void {
  const keys = index.get(tag);
  keys?.delete(key);
  if (keys?.size === 0) index.delete(tag);
}

/** The stored answers by what their renders read: tables (in any way), tables read as a whole, and records. */
export class ReadIndex {
  private readonly byTable = new Map<string, Set<string>>();
  private readonly byList = new Map<string, Set<string>>();
  /** The answers that read lists of a table told by their conditions (their reads say which lists). */
  private readonly byListRead = new Map<string, Set<string>>();
  private readonly byRecord = new Map<string, Set<string>>();
  /** Answers whose reads cannot be told: every change ends them. */
  private readonly unknown = new Set<string>();
  /** What each stored answer read. */
  private readonly readsOf = new Map<string, QueryLog>();

  add(key: string, reads: QueryLog): void {
    this.readsOf.set(key, reads);
    if (reads.readUnknown) this.unknown.add(key);
    for (const table of reads.read) addTo(this.byList, table, key);
    for (const table of reads.lists.keys()) addTo(this.byListRead, table, key);
    for (const table of reads.tablesRead()) addTo(this.byTable, table, key);
    for (const [table, ids] of reads.records) for (const id of ids) addTo(this.byRecord, recordTag(table, id), key);
  }

  remove(key: string, reads: QueryLog): void {
    this.readsOf.delete(key);
    this.unknown.delete(key);
    for (const table of reads.read) removeFrom(this.byList, table, key);
    for (const table of reads.lists.keys()) removeFrom(this.byListRead, table, key);
    for (const table of reads.tablesRead()) removeFrom(this.byTable, table, key);
    for (const [table, ids] of reads.records) for (const id of ids) removeFrom(this.byRecord, recordTag(table, id), key);
  }

  /** The stored answers a change ends. */
  endedBy(change: ChangedContent): Set<string> {
    const keys = new Set(this.unknown);
    const add = (found: Set<string> | undefined) => found?.forEach((key) => keys.add(key));
    for (const table of change.tables) add(this.byTable.get(table));
    for (const [table, ids] of Object.entries(change.records)) {
      add(this.byList.get(table));
      for (const key of this.byListRead.get(table) ?? []) {
        const lists = this.readsOf.get(key)?.lists.get(table);
        if (!keys.has(key) && (!lists || changesAnyList(lists, table, change))) keys.add(key);
      }
      for (const id of ids) add(this.byRecord.get(recordTag(table, id)));
    }
    for (const [table, writes] of Object.entries(change.where ?? {})) {
      for (const key of this.byTable.get(table) ?? []) {
        const reads = this.readsOf.get(key);
        if (!keys.has(key) && (!reads || writtenWhereRead(reads, table, writes))) keys.add(key);
      }
    }
    return keys;
  }
}

/** Whether a change touches what `reads` read (a value kept for several renders). */
export function touches(reads: QueryLog, change: ChangedContent): boolean {
  if (reads.readUnknown) return true;
  const tables = reads.tablesRead();
  if (change.tables.some((table) => tables.has(table))) return true;
  if (Object.entries(change.where ?? {}).some(([table, writes]) => writtenWhereRead(reads, table, writes))) return true;
  return Object.entries(change.records).some(([table, ids]) => {
    const lists = reads.lists.get(table);
    return reads.read.has(table) || ids.some((id) => reads.records.get(table)?.has(id)) || (lists !== undefined && changesAnyList(lists, table, change));
  });
}

/**
 * When each table, each table's lists and each record last changed, counted in changes: whether what a render read
 * changed after it began (its answer may show the old content, so it is not kept).
 */
export class ChangeTimes {
  private everything = 0;
  private readonly tables = new Map<string, number>();
  private readonly lists = new Map<string, number>();
  private forgotten = 0;
  private readonly records = new LRUCache<string, number>({
    max: RECORD_TIMES,
    dispose: (generation, _tag, reason) => {
      if (reason === 'evict') this.forgotten = Math.max(this.forgotten, generation);
    },
  });

  /** Change number `generation` touched `change` (null: everything). */
  note(generation: number, change: ChangedContent | null): void {
    if (change === null) {
      this.everything = generation;
      return;
    }
    // A write by condition counts, for a render that read its table meanwhile, as a change of the whole table.
    for (const table of [...change.tables, ...Object.keys(change.where ?? {})]) this.tables.set(table, generation);
    for (const [table, ids] of Object.entries(change.records)) {
      this.lists.set(table, generation);
      for (const id of ids) this.records.set(recordTag(table, id), generation);
    }
  }

  /** Whether anything `reads` read changed after change number `since`; `changes`: the changes so far. */
  changedSince(since: number, reads: QueryLog, changes: number): boolean {
    if (this.everything > since || (reads.readUnknown && changes > since)) return true;
    for (const table of reads.tablesRead()) if ((this.tables.get(table) ?? 0) > since) return true;
    // A list told by its conditions counts as changed with any record of its table: a render is rarely that long.
    for (const table of [...reads.read, ...reads.lists.keys()]) if ((this.lists.get(table) ?? 0) > since) return true;
    if (reads.records.size > 0 && this.forgotten > since) return true;
    for (const [table, ids] of reads.records) for (const id of ids) if ((this.records.peek(recordTag(table, id)) ?? 0) > since) return true;
    return false;
  }
}
