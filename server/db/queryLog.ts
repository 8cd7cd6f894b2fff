import { AsyncLocalStorage } from 'node:async_hooks';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { readsOf, tablesIn, writesOf, type PinnedRead } from './queryTags.js';

/**
 * What the queries of one piece of work read and wrote: a page render (what its answer shows), a value kept by the
 * page cache, or a request that writes (what its write changed). Reads and writes are told record by record where a
 * query names its records by a unique key (queryTags.ts), table by table otherwise. A query whose tables cannot be
 * told (raw SQL naming none) makes the log "unknown": a page that read it is ended by any change, and a write that
 * made it ends everything.
 */
export class QueryLog {
  /** Tables read as a whole: lists, counts, and reads that found fewer records than they named. */
  readonly read = new Set<string>();
  /** Records read one by one, by table. */
  readonly records = new Map<string, Set<number>>();
  /** Tables written as a whole. */
  readonly written = new Set<string>();
  /** Records written one by one, by table; an empty set when rows were only added. */
  readonly writtenRecords = new Map<string, Set<number>>();
  readUnknown = false;
  wroteUnknown = false;

  /** Every table read, as a whole or record by record. */
  tablesRead(): Set<string> {
    return new Set([...this.read, ...this.records.keys()]);
  }

  readRecords(table: string, ids: Iterable<number>): void {
    addAll(this.records, table, ids);
  }

  wroteRecords(table: string, ids: Iterable<number>): void {
    addAll(this.writtenRecords, table, ids);
  }

  /** Adds what `other` read (a value kept for several renders, read by this one). */
  mergeReads(other: QueryLog): void {
    for (const table of other.read) this.read.add(table);
    for (const [table, ids] of other.records) this.readRecords(table, ids);
    if (other.readUnknown) this.readUnknown = true;
  }
}

function addAll(into: Map<string, Set<number>>, table: string, ids: Iterable<number>): void {
  let set = into.get(table);
  if (!set) into.set(table, (set = new Set()));
  for (const id of ids) set.add(id);
}

const current = new AsyncLocalStorage<QueryLog>();

/** Runs `work` with its queries (and those of everything it starts) logged in `log`. */
export const withQueryLog = <T>(log: QueryLog, work: () => T): T => current.run(log, work);

/** Runs `work` with its queries logged nowhere: work done for every answer, which no one answer read. */
export const withoutQueryLog = <T>(work: () => T): T => current.exit(work);

/** The log the current work's queries go to, if any. */
export const currentQueryLog = (): QueryLog | undefined => current.getStore();

const RAW_WRITE = /^\s*(?:insert|update|delete|replace|merge|truncate)\b/i;
const RAW_READ = /^\s*(?:select|with)\b/i;

/** The table a write changes: its target, not the tables its conditions or subqueries read. */
function targetOf(node: RootOperationNode) {
  switch (node.kind) {
    case 'InsertQueryNode':
      return node.into;
    case 'UpdateQueryNode':
      return node.table;
    case 'DeleteQueryNode':
      return node.from;
    case 'MergeQueryNode':
      return node.into;
    default:
      return undefined;
  }
}

/** Logs a query's reads and writes; answers the read pinned to records, whose ids its rows tell. */
function logQuery(log: QueryLog, node: RootOperationNode): PinnedRead | null {
  if (node.kind === 'RawNode') {
    const tables = new Set<string>();
    const text = node.sqlFragments.join(' ');
    if (RAW_WRITE.test(text)) {
      for (const match of text.matchAll(/\b(?:into|update|delete\s+from|truncate(?:\s+table)?)\s+"?([a-z_]\w*)/gi)) if (match[1]) tables.add(match[1]);
      if (tables.size === 0) log.wroteUnknown = true;
      for (const table of tables) log.written.add(table);
    } else if (RAW_READ.test(text)) {
      tablesIn(node, tables);
      if (tables.size === 0) log.readUnknown = true;
      for (const table of tables) log.read.add(table);
    }
    return null;
  }
  const target = targetOf(node);
  if (target) {
    const writes = writesOf(node, target);
    if (writes.tables.size === 0 && !writes.records) log.wroteUnknown = true;
    for (const table of writes.tables) log.written.add(table);
    if (writes.records) log.wroteRecords(writes.records.table, writes.records.ids);
    return null;
  }
  const reads = readsOf(node);
  for (const table of reads.tables) log.read.add(table);
  return reads.pinned;
}

/**
 * A read pinned to records, once it answered: the records its rows are. One that found fewer rows than it named, or
 * whose rows do not say which records they are, is taken for a read of its whole table (a record it did not find
 * may appear later without a write to a record it found).
 */
function logRows(log: QueryLog, pinned: PinnedRead, rows: readonly UnknownRow[]): void {
  const found = rows.map((row) => Number(row.id));
  const known = found.every((id) => Number.isSafeInteger(id));
  if (pinned.ids) {
    const named = new Set(pinned.ids);
    log.readRecords(pinned.table, named);
    if (known ? pinned.ids.some((id) => !found.includes(id)) : rows.length < named.size) log.read.add(pinned.table);
    return;
  }
  if (rows.length === 0 || !known) log.read.add(pinned.table);
  else log.readRecords(pinned.table, found);
}

/** Logs every query in the current work's `QueryLog`; queries outside any logged work cost nothing. */
export class QueryLogPlugin implements KyselyPlugin {
  /** Reads pinned to records waiting for their rows, with the log they go to. */
  private readonly pending = new WeakMap<QueryId, { log: QueryLog; pinned: PinnedRead }>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const log = current.getStore();
    if (log) {
      const pinned = logQuery(log, args.node);
      if (pinned) this.pending.set(args.queryId, { log, pinned });
    }
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const pending = this.pending.get(args.queryId);
    if (pending) logRows(pending.log, pending.pinned, args.result.rows);
    return Promise.resolve(args.result);
  }
}
