import type { OperationNode } from 'kysely';
import { comparableValue } from './listReads.js';

/**
 * Reading Kysely's operation trees: the tables, columns, values and equalities a query names, for queryTags.ts to
 * decide what the query read or wrote.
 */

/** The table a query reads or writes, with the alias its columns may be qualified by. */
export interface QueryRoot {
  table: string;
  alias: string;
}

/** A node of any kind, its properties read by name. */
export type AnyNode = OperationNode & Record<string, unknown>;

export const isNode = (value: unknown): value is AnyNode => typeof value === 'object' && value !== null && !Array.isArray(value) && 'kind' in value;

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
export function tableOf(node: unknown): QueryRoot | null {
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
export function columnOf(node: unknown, root: QueryRoot): string | null {
  if (!isNode(node)) return null;
  if (node.kind === 'ColumnNode') return (node.column as { name?: string } | undefined)?.name ?? null;
  if (node.kind !== 'ReferenceNode') return null;
  const qualifier = tableOf(node.table);
  if (qualifier && qualifier.table !== root.alias && qualifier.table !== root.table) return null;
  return columnOf(node.column, root);
}

/** The values a comparison's right side names: one value or a list of them; null for anything else. */
export function valuesOf(node: unknown): unknown[] | null {
  if (!isNode(node)) return null;
  if (node.kind === 'ValueNode') return [node.value];
  if (node.kind === 'PrimitiveValueListNode') return [...(node.values as unknown[])];
  if (node.kind === 'ValueListNode') {
    const values = (node.values as unknown[]).map((value) => valuesOf(value));
    return values.every((value) => value?.length === 1) ? values.map((value) => value?.[0]) : null;
  }
  return null;
}

/**
 * The equalities a condition holds every row to (`column = value`, `column in (…)`, joined by `and`): column → the
 * values allowed.
 */
export function filtersOf(node: unknown, root: QueryRoot, filters: Record<string, string[]>): void {
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
export function columnsIn(node: unknown, root: QueryRoot, found: Set<string>): void {
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

/** The columns an update's `set` (or an upsert's) names. */
export function columnsSet(updates: unknown): string[] {
  return (Array.isArray(updates) ? updates : []).flatMap((update: unknown) => {
    const column = isNode(update) && isNode(update.column) ? (update.column.column as { name?: string } | undefined)?.name : undefined;
    return column ? [column] : [];
  });
}

/** The names of column nodes (an insert's columns, an upsert's conflict target); undefined where one names none. */
export function columnNames(columns: unknown): (string | undefined)[] {
  return (Array.isArray(columns) ? columns : []).map((column: unknown) => (isNode(column) ? (column.column as { name?: string }).name : undefined));
}

/** The values of each row an INSERT adds, in the order of its columns (null for a row of anything but values). */
export function insertedRows(insert: AnyNode): (unknown[] | null)[] {
  return isNode(insert.values) && insert.values.kind === 'ValuesNode' ? (insert.values.values as unknown[]).map((row) => valuesOf(row)) : [];
}
