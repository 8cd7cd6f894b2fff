import { sql, type SelectQueryBuilder } from 'kysely';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import type { DeclaredIndex } from '../db/declaredIndexes.js';
import { publicOrderOf } from './publicReads.js';
import { visibilityColumns } from './visibility.js';

/** An order of rows: columns with their directions, the last one breaking ties. */
export type RowOrder = readonly (readonly [string, 'asc' | 'desc'])[];

/** A query sorted in `order`: what the index `orderedIndex` gives for the same order reads in its own order. */
export function sortedBy<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, order: RowOrder): SelectQueryBuilder<DB, TB, O> {
  return order.reduce((sorting, [column, direction]) => sorting.orderBy(sql.ref(column), direction), query);
}

/**
 * The index that reads a resource's visible rows in `order`: the visibility flag and the `equalities` first, then the
 * order, then the rule's remaining dates, so that the rule is answered from the index and a list's ids are read in
 * order without sorting or touching the rows.
 */
export function orderedIndex(resource: Pick<ResourceDescriptor, 'table' | 'fields'>, equalities: readonly string[], order: RowOrder): DeclaredIndex {
  const mixed = new Set(order.map(([, direction]) => direction)).size > 1;
  const ordered = order.map(([column, direction]) => (mixed && direction === 'desc' ? `${column} desc` : column));
  const rule = visibilityColumns(resource);
  const first = [...rule.filter((column) => column === 'published'), ...equalities];
  const rest = rule.filter((column) => !first.includes(column) && !order.some(([name]) => name === column));
  return { table: resource.table, columns: [...first, ...ordered, ...rest] };
}

/** The indexes visitors' declared lists need: their filters (equalities) and their declared order, or each part's. */
export function publicListIndexes(resources: readonly ResourceDescriptor[]): DeclaredIndex[] {
  return resources.flatMap((resource) => {
    const list = resource.public?.list;
    if (!list) return [];
    const orders = list.parts ? list.parts.parts.map((part) => publicOrderOf(resource, list, part)) : [publicOrderOf(resource, list)];
    const indexes = orders.map((order) => orderedIndex(resource, list.filters, order));
    // Parts read in opposite directions of one order share its index.
    return indexes.filter((index, at) => indexes.findIndex((other) => other.columns.join() === index.columns.join()) === at);
  });
}
