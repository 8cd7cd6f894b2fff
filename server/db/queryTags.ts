import type { OperationNode, RootOperationNode } from 'kysely';
import { RESOURCES, type ResourceDescriptor } from '../../lib/resources/index.js';
import { comparableValue } from './listReads.js';
import {
  columnNames,
  columnOf,
  columnsIn,
  columnsSet,
  filtersOf,
  insertedRows,
  isNode,
  tableOf,
  tablesIn,
  valuesOf,
  type AnyNode,
  type QueryRoot,
} from './queryNodes.js';

/**
 * What one query read or wrote, told apart finely enough that a write ends only the answers that showed what it
 * changed: records named by their id, or whole tables (a list, a count, anything not pinned to known records).
 */
export interface QueryReads {
  /** Tables read as a whole. */
  tables: Set<string>;
  /** A read of one table pinned to records by a unique key: their ids are known from its rows once it answered. */
  pinned: PinnedRead | null;
  /** A read of one table's rows told by their conditions (a list): which rows it answered is known once it did. */
  list: ListCondition | null;
}

/** The conditions of a list of one table, as `ListRead` (listReads.ts) keeps them. */
export interface ListCondition {
  table: string;
  filters: Record<string, string[]>;
  columns: string[];
  selected: string[] | null;
}

export interface PinnedRead {
  table: string;
  /** The ids the query named (`id = …`, `id in (…)`); null when it named its records by another unique key (a slug). */
  ids: number[] | null;
}

export interface QueryWrites {
  /** Tables written as a whole (an update or delete named by no condition, raw SQL). */
  tables: Set<string>;
  /**
   * A write of the rows of one table that meet equalities (`resource = … and locale = …`, an upsert's conflicting
   * key): the columns it leaves as they were, with the values they had.
   */
  where: { table: string; filters: Record<string, string[]> } | null;
  /** A write pinned to records: their ids (none for rows only added), and their table. */
  records: { table: string; ids: number[] } | null;
  /** Whether it answers its rows whole (`returningAll`): then what it made of them is known. */
  returnsRows: boolean;
}

/**
 * The columns that name one record of a table: `id`, and the fields its resource declares unique (slugs, a text
 * page's identifier), so that a resource added to the registry is read record by record without code of its own.
 */
const UNIQUE_COLUMNS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  RESOURCES.map((resource: ResourceDescriptor) => [
    resource.table,
    new Set([
      'id',
      ...Object.entries(resource.fields)
        .filter(([, field]) => field.kind === 'slug' || (field.kind === 'text' && field.unique !== undefined))
        .map(([name]) => name),
    ]),
  ]),
);
const ID_ONLY: ReadonlySet<string> = new Set(['id']);

interface Pin {
  /** The ids named, or null when a unique key other than the id names the records. */
  ids: number[] | null;
}

/**
 * Whether a condition holds only for records its unique keys name: a comparison `key = value` or `key in (…)`, a
 * conjunction with one such part, or alternatives that each are one. Answers which ids when only ids name them.
 */
function pinOf(node: unknown, root: QueryRoot, unique: ReadonlySet<string>): Pin | null {
  if (!isNode(node)) return null;
  switch (node.kind) {
    case 'WhereNode':
      return pinOf(node.where, root, unique);
    case 'ParensNode':
      return pinOf(node.node, root, unique);
    case 'AndNode': {
      const left = pinOf(node.left, root, unique);
      const right = pinOf(node.right, root, unique);
      // Either side limits the rows to named records; by ids, when one side names them so.
      return left?.ids ? left : right?.ids ? right : (left ?? right);
    }
    case 'OrNode': {
      const left = pinOf(node.left, root, unique);
      const right = pinOf(node.right, root, unique);
      if (!left || !right) return null;
      return { ids: left.ids && right.ids ? [...left.ids, ...right.ids] : null };
    }
    case 'BinaryOperationNode': {
      const operator = (node.operator as { operator?: string } | undefined)?.operator;
      if (operator !== '=' && operator !== 'in') return null;
      const column = columnOf(node.leftOperand, root);
      const values = valuesOf(node.rightOperand);
      if (!column || !unique.has(column) || !values) return null;
      if (column !== 'id') return { ids: null };
      const ids = values.map(Number);
      return ids.every((id) => Number.isSafeInteger(id)) ? { ids } : null;
    }
    default:
      return null;
  }
}

/** Whether a query's selections name every column (`*`, `table.*`). */
function selectsAll(selections: readonly unknown[] | undefined): boolean {
  return (selections ?? []).some((selection) => {
    const selected = isNode(selection) ? selection.selection : undefined;
    if (!isNode(selected)) return false;
    return selected.kind === 'SelectAllNode' || (selected.kind === 'ReferenceNode' && isNode(selected.column) && selected.column.kind === 'SelectAllNode');
  });
}

/**
 * What a SELECT (or another read) reads: its one table pinned to records when its condition names them, or read as
 * a list told by its conditions when no other part of the query reads that table too.
 */
export function readsOf(node: RootOperationNode): QueryReads {
  const tables = new Set<string>();
  if (node.kind !== 'SelectQueryNode' || !node.from || node.from.froms.length !== 1) {
    tablesIn(node, tables);
    return { tables, pinned: null, list: null };
  }
  const root = tableOf(node.from.froms[0]);
  if (!root) {
    tablesIn(node, tables);
    return { tables, pinned: null, list: null };
  }
  // Joined tables, subqueries and the rest are read as a whole.
  for (const [name, value] of Object.entries(node)) if (name !== 'from' && value && typeof value === 'object') tablesIn(value, tables);
  const unique = UNIQUE_COLUMNS.get(root.table);
  const pin = unique ? pinOf(node.where, root, unique) : null;
  if (pin) return { tables, pinned: { table: root.table, ids: pin.ids }, list: null };
  if (tables.has(root.table)) return { tables, pinned: null, list: null };
  const filters: Record<string, string[]> = {};
  filtersOf(node.where, root, filters);
  const columns = new Set<string>();
  columnsIn([node.where, node.joins, node.orderBy, node.groupBy, node.having], root, columns);
  const selected = new Set<string>();
  columnsIn(node.selections, root, selected);
  return { tables, pinned: null, list: { table: root.table, filters, columns: [...columns], selected: selectsAll(node.selections) ? null : [...selected] } };
}

/** The ids of an INSERT's rows when it names them (a record back from the trash keeps its id). */
function insertedIds(node: AnyNode): number[] {
  const at = columnNames(node.columns).indexOf('id');
  if (at === -1) return [];
  return insertedRows(node).flatMap((row) => {
    const id = Number(row?.[at]);
    return Number.isSafeInteger(id) ? [id] : [];
  });
}

/** The values an upsert's conflict columns take, which name the rows it may change; columns it updates are left out. */
function conflictingKeyOf(insert: AnyNode, conflict: AnyNode): Record<string, string[]> {
  const columns = columnNames(insert.columns);
  const rows = insertedRows(insert);
  const updated = columnsSet(conflict.updates);
  const filters: Record<string, string[]> = {};
  const key = columnNames(conflict.columns);
  if (key.length === 0 || key.some((column) => column === undefined)) return filters;
  for (const column of key as string[]) {
    const at = columns.indexOf(column);
    const values = rows.map((row) => comparableValue(row?.[at]));
    if (at === -1 || updated.includes(column) || rows.length === 0 || values.some((value) => value === undefined)) return {};
    filters[column] = [...new Set(values as string[])];
  }
  return filters;
}

/** Whether a write answers its rows with every column (`returning *`). */
function returnsAll(node: AnyNode): boolean {
  const returning = isNode(node.returning) ? (node.returning.selections as unknown[]) : [];
  return returning.some((selection) => isNode(selection) && isNode(selection.selection) && selection.selection.kind === 'SelectAllNode');
}

/**
 * What a write changes: rows added (lists end), records named by id (their reads and their table's lists end), or
 * the whole target table when it cannot tell which rows (then every read of the table ends).
 */
export function writesOf(node: RootOperationNode, target: OperationNode): QueryWrites {
  const tables = new Set<string>();
  const root = tableOf(isNode(target) && target.kind === 'FromNode' ? (target.froms as unknown[])[0] : target);
  const whole = (): QueryWrites => {
    tablesIn(target, tables);
    return { tables, records: null, where: null, returnsRows: false };
  };
  if (!root) return whole();
  const where = (filters: Record<string, string[]>): QueryWrites =>
    Object.keys(filters).length > 0 ? { tables, records: null, where: { table: root.table, filters }, returnsRows: false } : whole();
  const any = node as unknown as AnyNode;
  if (node.kind === 'InsertQueryNode') {
    // An upsert changes the rows already there with the key it conflicts on; a replace any row.
    if (any.onDuplicateKey || any.replace) return whole();
    if (isNode(any.onConflict)) return where(conflictingKeyOf(any, any.onConflict));
    return { tables, records: { table: root.table, ids: insertedIds(any) }, where: null, returnsRows: returnsAll(any) };
  }
  if (node.kind === 'UpdateQueryNode' || node.kind === 'DeleteQueryNode') {
    const pin = pinOf(any.where, root, ID_ONLY);
    if (pin?.ids) return { tables, records: { table: root.table, ids: pin.ids }, where: null, returnsRows: returnsAll(any) };
    const filters: Record<string, string[]> = {};
    filtersOf(any.where, root, filters);
    // A column the update sets holds the rows to nothing after it.
    const set = columnsSet(any.updates);
    return where(Object.fromEntries(Object.entries(filters).filter(([column]) => !set.includes(column))));
  }
  return whole();
}
