import type { OperationNode, RootOperationNode } from 'kysely';
import { RESOURCES, type ResourceDescriptor } from '../../lib/resources/index.js';
import { comparableValue } from './listReads.js';

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

type AnyNode = OperationNode & Record<string, unknown>;

const isNode = (value: unknown): value is AnyNode => typeof value === 'object' && value !== null && !Array.isArray(value) && 'kind' in value;

const RAW_TABLES = /\b(?:from|join|into|update)\s+"?([a-z_]\w*)/gi;

/** Tables named anywhere under `node` (quoted or not in raw SQL, after `from`, `join`, `into`, `update`). */
export function tablesIn(node: unknown, found: Set<string>): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) tablesIn(item, found);
    return;
  }
  const named = node as AnyNode;
  // A qualified column names a table the query reads in its FROM or a join: it reads nothing of its own.
  if (named.kind === 'ReferenceNode') return;
  if (named.kind === 'TableNode') {
    const table = (named.table as { identifier?: { name?: string } } | undefined)?.identifier?.name;
    if (table) found.add(table);
    return;
  }
  if (named.kind === 'RawNode') for (const match of (named.sqlFragments as string[]).join(' ').matchAll(RAW_TABLES)) if (match[1]) found.add(match[1]);
  for (const value of Object.values(named)) if (value && typeof value === 'object') tablesIn(value, found);
}

/** The table a FROM or target names, with the alias its columns may be qualified by. */
function tableOf(node: unknown): { table: string; alias: string } | null {
  if (!isNode(node)) return null;
  if (node.kind === 'AliasNode') {
    const inner = tableOf(node.node);
    const alias = (node.alias as { name?: string } | undefined)?.name;
    return inner && alias ? { table: inner.table, alias } : null;
  }
  if (node.kind !== 'TableNode') return null;
  const name = (node.table as { identifier?: { name?: string } } | undefined)?.identifier?.name;
  return name ? { table: name, alias: name } : null;
}

/** The column a reference names, when it is a column of `root` (unqualified or qualified by its name or alias). */
function columnOf(node: unknown, root: { table: string; alias: string }): string | null {
  if (!isNode(node)) return null;
  if (node.kind === 'ColumnNode') return (node.column as { name?: string } | undefined)?.name ?? null;
  if (node.kind !== 'ReferenceNode') return null;
  const qualifier = tableOf(node.table);
  if (qualifier && qualifier.table !== root.alias && qualifier.table !== root.table) return null;
  return columnOf(node.column, root);
}

/** The values a comparison's right side names: one value or a list of them; null for anything else. */
function valuesOf(node: unknown): unknown[] | null {
  if (!isNode(node)) return null;
  if (node.kind === 'ValueNode') return [node.value];
  if (node.kind === 'PrimitiveValueListNode') return [...(node.values as unknown[])];
  if (node.kind === 'ValueListNode') {
    const values = (node.values as unknown[]).map((value) => valuesOf(value));
    return values.every((value) => value?.length === 1) ? values.map((value) => value?.[0]) : null;
  }
  return null;
}

interface Pin {
  /** The ids named, or null when a unique key other than the id names the records. */
  ids: number[] | null;
}

/**
 * Whether a condition holds only for records its unique keys name: a comparison `key = value` or `key in (…)`, a
 * conjunction with one such part, or alternatives that each are one. Answers which ids when only ids name them.
 */
function pinOf(node: unknown, root: { table: string; alias: string }, unique: ReadonlySet<string>): Pin | null {
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

/**
 * The equalities a condition holds every row to (`column = value`, `column in (…)`, joined by `and`): column → the
 * values allowed.
 */
function filtersOf(node: unknown, root: { table: string; alias: string }, filters: Record<string, string[]>): void {
  if (!isNode(node)) return;
  if (node.kind === 'WhereNode') filtersOf(node.where, root, filters);
  else if (node.kind === 'ParensNode') filtersOf(node.node, root, filters);
  else if (node.kind === 'AndNode') {
    filtersOf(node.left, root, filters);
    filtersOf(node.right, root, filters);
  } else if (node.kind === 'BinaryOperationNode') {
    const operator = (node.operator as { operator?: string } | undefined)?.operator;
    const column = columnOf(node.leftOperand, root);
    const values = valuesOf(node.rightOperand)?.map(comparableValue);
    if ((operator === '=' || operator === 'in') && column && !(column in filters) && values?.every((value) => value !== undefined)) {
      filters[column] = values as string[];
    }
  }
}

/** The columns of `root` named under `node`; raw SQL's words all count, as they may name one. */
function columnsIn(node: unknown, root: { table: string; alias: string }, found: Set<string>): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) columnsIn(item, root, found);
    return;
  }
  const named = node as AnyNode;
  if (named.kind === 'ColumnNode' || named.kind === 'ReferenceNode') {
    const column = columnOf(named, root);
    if (column) found.add(column);
    return;
  }
  if (named.kind === 'RawNode') for (const word of (named.sqlFragments as string[]).join(' ').match(/[a-z_]\w*/gi) ?? []) found.add(word);
  for (const value of Object.values(named)) if (value && typeof value === 'object') columnsIn(value, root, found);
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
  const columns = ((node.columns as unknown[] | undefined) ?? []).map((column) => (isNode(column) ? (column.column as { name?: string }).name : undefined));
  const at = columns.indexOf('id');
  const rows = isNode(node.values) && node.values.kind === 'ValuesNode' ? (node.values.values as unknown[]) : [];
  if (at === -1) return [];
  return rows.flatMap((row) => {
    const id = Number(valuesOf(row)?.[at]);
    return Number.isSafeInteger(id) ? [id] : [];
  });
}

/** The columns an update's `set` (or an upsert's) names. */
function columnsSet(updates: unknown): string[] {
  return (Array.isArray(updates) ? updates : []).flatMap((update: unknown) => {
    const column = isNode(update) && isNode(update.column) ? (update.column.column as { name?: string } | undefined)?.name : undefined;
    return column ? [column] : [];
  });
}

/** The values an upsert's conflict columns take, which name the rows it may change; columns it updates are left out. */
function conflictingKeyOf(insert: AnyNode, conflict: AnyNode): Record<string, string[]> {
  const columns = ((insert.columns as unknown[] | undefined) ?? []).map((column) => (isNode(column) ? (column.column as { name?: string }).name : undefined));
  const rows = isNode(insert.values) && insert.values.kind === 'ValuesNode' ? (insert.values.values as unknown[]).map((row) => valuesOf(row)) : [];
  const updated = columnsSet(conflict.updates);
  const filters: Record<string, string[]> = {};
  const key = ((conflict.columns as unknown[] | undefined) ?? []).map((column) => (isNode(column) ? (column.column as { name?: string }).name : undefined));
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
