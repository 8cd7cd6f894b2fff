import { AsyncLocalStorage } from 'node:async_hooks';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { carriedRow, type ListRead, type RowChange, type RowFilters } from './listReads.js';
import { tablesIn } from './queryNodes.js';
import { readsOf, writesOf, type ListCondition, type PinnedRead } from './queryTags.js';

/**
 * What the queries of one piece of work read and wrote: a page render (what its answer shows), a value kept by the
 * page cache, or a request that writes (what its write changed). Reads and writes are told record by record where a
 * query names its records by a unique key (queryTags.ts), table by table otherwise. A query whose tables cannot be
 * told (raw SQL naming none) makes the log "unknown": a page that read it is ended by any change, and a write that
 * made it ends everything. Lists of one table are told apart by their conditions (listReads.ts), and a request that
 * writes notes what each row it wrote was before and after, so that a write ends only the lists it may have changed.
 */
export class QueryLog {
  /** Tables read as a whole: lists not told by their conditions, and reads that found fewer records than they named. */
  readonly read = new Set<string>();
  /** Lists read, by table, told by their conditions. */
  readonly lists = new Map<string, ListRead[]>();
  /** Records read one by one, by table. */
  readonly records = new Map<string, Set<number>>();
  /** Tables written as a whole. */
  readonly written = new Set<string>();
  /** Rows written by condition, by table: the equalities each such write held its rows to. */
  readonly writtenWhere = new Map<string, RowFilters[]>();
  /** Records written one by one, by table; an empty set when rows were only added. */
  readonly writtenRecords = new Map<string, Set<number>>();
  readUnknown = false;
  wroteUnknown = false;
  /** The rows written by id, as they were before the first write and after the last; null: not known. */
  private readonly rowChanges = new Map<string, Map<number, RowChange | null>>();
  /** Rows read or written by id, as last seen: what the next write of one changes. Kept only for a log of writes. */
  private readonly seen: Map<string, Map<number, Readonly<Record<string, unknown>>>> | null;

  /** `forWrites`: the log of a request that writes, which tells the rows it changed. */
  constructor(options: { forWrites?: boolean } = {}) {
    this.seen = options.forWrites ? new Map() : null;
  }

  /** Every table read, as a whole, as lists or record by record. */
  tablesRead(): Set<string> {
    return new Set([...this.read, ...this.lists.keys(), ...this.records.keys()]);
  }

  readList(table: string, list: ListRead): void {
    const lists = this.lists.get(table);
    if (lists) lists.push(list);
    else this.lists.set(table, [list]);
  }

  /** Notes rows as they are now, read or written by id. */
  sawRows(table: string, rows: readonly Readonly<Record<string, unknown>>[]): void {
    if (!this.seen) return;
    let byId = this.seen.get(table);
    if (!byId) this.seen.set(table, (byId = new Map()));
    for (const row of rows) {
      const id = Number(row.id);
      if (Number.isSafeInteger(id)) byId.set(id, row);
    }
  }

  /** Whether this log tells the rows its writes changed (a request that writes). */
  get tellsRows(): boolean {
    return this.seen !== null;
  }

  /**
   * A write of the records `ids` of `table`, which answered `rows` whole (null when it does not): an added row was
   * not there before, a removed one is not after, and an update's "before" is the row as this request last saw it.
   * A record written twice keeps its first "before"; one whose before or after is not known stays not known.
   */
  wroteRows(table: string, ids: readonly number[], rows: readonly Readonly<Record<string, unknown>>[] | null, kind: 'add' | 'update' | 'remove'): void {
    let changes = this.rowChanges.get(table);
    if (!changes) this.rowChanges.set(table, (changes = new Map()));
    const returned = new Map((rows ?? []).map((row) => [Number(row.id), row]));
    const seen = this.seen?.get(table);
    for (const id of new Set([...ids, ...returned.keys()])) {
      if (!Number.isSafeInteger(id)) continue;
      const earlier = changes.get(id);
      if (earlier === null) continue;
      // A removal's returned row is the row before it; an update's is the row after.
      const beforeRow = earlier ? undefined : kind === 'add' ? null : kind === 'remove' ? (returned.get(id) ?? seen?.get(id)) : seen?.get(id);
      const afterRow = kind === 'remove' ? null : returned.get(id);
      if ((!earlier && beforeRow === undefined) || afterRow === undefined) {
        changes.set(id, null);
        continue;
      }
      const before = earlier ? { values: earlier.before, long: earlier.long } : beforeRow ? carriedRow(beforeRow) : null;
      const after = afterRow ? carriedRow(afterRow) : null;
      const long = [...new Set([...(before?.long ?? []), ...(after?.long ?? [])])];
      changes.set(id, { id, before: before?.values ?? null, after: after?.values ?? null, long });
      if (afterRow) this.sawRows(table, [afterRow]);
      else seen?.delete(id);
    }
  }

  /** The rows written whose before and after are known, by table. */
  knownRowChanges(): Record<string, RowChange[]> {
    return Object.fromEntries(
      [...this.rowChanges].map(([table, changes]) => [table, [...changes.values()].filter((change): change is RowChange => change !== null)]),
    );
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
    for (const [table, lists] of other.lists) for (const list of lists) this.readList(table, list);
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

/** What a query's rows will tell once it answered: the records a pinned read found, a list's rows, a write's rows. */
type AwaitingRows =
  { pinned: PinnedRead } | { list: ListCondition } | { write: { table: string; ids: number[]; returnsRows: boolean; kind: 'add' | 'update' | 'remove' } };

const WRITE_KINDS = { InsertQueryNode: 'add', UpdateQueryNode: 'update', DeleteQueryNode: 'remove' } as const;

/** Logs a query's reads and writes; answers what its rows will tell. */
function logQuery(log: QueryLog, node: RootOperationNode): AwaitingRows | null {
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
    if (writes.tables.size === 0 && !writes.records && !writes.where) log.wroteUnknown = true;
    for (const table of writes.tables) log.written.add(table);
    if (writes.where) log.writtenWhere.set(writes.where.table, [...(log.writtenWhere.get(writes.where.table) ?? []), writes.where.filters]);
    if (!writes.records) return null;
    log.wroteRecords(writes.records.table, writes.records.ids);
    const kind = node.kind in WRITE_KINDS ? WRITE_KINDS[node.kind as keyof typeof WRITE_KINDS] : null;
    return log.tellsRows && kind ? { write: { ...writes.records, returnsRows: writes.returnsRows, kind } } : null;
  }
  const reads = readsOf(node);
  for (const table of reads.tables) log.read.add(table);
  if (reads.pinned) return { pinned: reads.pinned };
  return reads.list && { list: reads.list };
}

/**
 * A read pinned to records, once it answered: the records its rows are. One that found fewer rows than it named, or
 * whose rows do not say which records they are, is taken for a read of its whole table (a record it did not find
 * may appear later without a write to a record it found).
 */
function logPinnedRows(log: QueryLog, pinned: PinnedRead, rows: readonly UnknownRow[]): void {
  log.sawRows(pinned.table, rows);
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

/** What a query's rows told, logged. */
function logRows(log: QueryLog, awaiting: AwaitingRows, rows: readonly UnknownRow[]): void {
  if ('pinned' in awaiting) logPinnedRows(log, awaiting.pinned, rows);
  else if ('list' in awaiting) {
    const ids = rows.map((row) => Number(row.id));
    const { table, filters, columns, selected } = awaiting.list;
    log.readList(table, { filters, columns, selected, ids: ids.every((id) => Number.isSafeInteger(id)) ? new Set(ids) : null });
  } else {
    const { table, ids, returnsRows, kind } = awaiting.write;
    if (returnsRows)
      log.wroteRecords(
        table,
        rows.map((row) => Number(row.id)).filter((id) => Number.isSafeInteger(id)),
      );
    log.wroteRows(table, ids, returnsRows ? rows : null, kind);
  }
}

/** Logs every query in the current work's `QueryLog`; queries outside any logged work cost nothing. */
export class QueryLogPlugin implements KyselyPlugin {
  /** Queries waiting for their rows, with the log they go to. */
  private readonly pending = new WeakMap<QueryId, { log: QueryLog; awaiting: AwaitingRows }>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const log = current.getStore();
    if (log) {
      const awaiting = logQuery(log, args.node);
      if (awaiting) this.pending.set(args.queryId, { log, awaiting });
    }
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const pending = this.pending.get(args.queryId);
    if (pending) logRows(pending.log, pending.awaiting, args.result.rows);
    return Promise.resolve(args.result);
  }
}
