import type { OperationNode, RootOperationNode } from 'kysely';
import { RESOURCES, type ResourceDescriptor } from '../../lib/resources/index.js';

/**
 * What one query read or wrote, told apart finely enough that a write ends only the answers that showed what it
 * changed: records named by their id, or whole tables (a list, a count, anything not pinned to known records).
 */
export interface QueryReads {
  /** Tables read as a whole. */
  tables: Set<string>;
  /** A read of one table pinned to records by a unique key: their ids are known from its rows once it answered. */
  pinned: PinnedRead | null;
}

export interface PinnedRead {
  table: string;
  /** The ids the query named (`id = …`, `id in (…)`); null when it named its records by another unique key (a slug). */
  ids: number[] | null;
}

export interface QueryWrites {
  /** Tables written as a whole (an update or delete not pinned to ids, an upsert, raw SQL). */
  tables: Set<string>;
  /** A write pinned to records: their ids (none for rows only added), and their table. */
  records: { table: string; ids: number[] } | null;
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

/** What a SELECT (or another read) reads: its one table pinned to records when its condition names them. */
export function readsOf(node: RootOperationNode): QueryReads {
  const tables = new Set<string>();
  if (node.kind !== 'SelectQueryNode' || !node.from || node.from.froms.length !== 1) {
    tablesIn(node, tables);
    return { tables, pinned: null };
  }
  const root = tableOf(node.from.froms[0]);
  const unique = root ? UNIQUE_COLUMNS.get(root.table) : undefined;
  const pin = root && unique ? pinOf(node.where, root, unique) : null;
  if (!root || !pin) {
    tablesIn(node, tables);
    return { tables, pinned: null };
  }
  // Joined tables, subqueries and the rest are read as a whole.
  for (const [name, value] of Object.entries(node)) if (name !== 'from' && value && typeof value === 'object') tablesIn(value, tables);
  return { tables, pinned: { table: root.table, ids: pin.ids } };
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

/**
 * What a write changes: rows added (lists end), records named by id (their reads and their table's lists end), or
 * the whole target table when it cannot tell which rows (then every read of the table ends).
 */
export function writesOf(node: RootOperationNode, target: OperationNode): QueryWrites {
  const tables = new Set<string>();
  const root = tableOf(isNode(target) && target.kind === 'FromNode' ? (target.froms as unknown[])[0] : target);
  const whole = (): QueryWrites => {
    tablesIn(target, tables);
    return { tables, records: null };
  };
  if (!root) return whole();
  const any = node as unknown as AnyNode;
  if (node.kind === 'InsertQueryNode') {
    // An upsert or a replace may change rows already there.
    if (any.onConflict || any.onDuplicateKey || any.replace) return whole();
    return { tables, records: { table: root.table, ids: insertedIds(any) } };
  }
  if (node.kind === 'UpdateQueryNode' || node.kind === 'DeleteQueryNode') {
    const pin = pinOf(any.where, root, ID_ONLY);
    return pin?.ids ? { tables, records: { table: root.table, ids: pin.ids } } : whole();
  }
  return whole();
}
