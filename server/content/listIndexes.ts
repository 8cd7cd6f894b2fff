import type { ResourceDescriptor } from '../../lib/resources/index.js';
import type { DeclaredIndex } from '../db/declaredIndexes.js';
import { publicOrderOf } from './publicReads.js';

/**
 * The indexes visitors' lists need: the visibility flag and the list's filters (equalities) first, then its order
 * with `id` breaking ties, so that a page is read from the index in order instead of sorting the table.
 */
export function publicListIndexes(resources: readonly ResourceDescriptor[]): DeclaredIndex[] {
  return resources.flatMap((resource) => {
    const list = resource.public?.list;
    if (!list) return [];
    const order = publicOrderOf(resource, list);
    const mixed = new Set(order.map(([, direction]) => direction)).size > 1;
    const ordered = order.map(([column, direction]) => (mixed && direction === 'desc' ? `${column} desc` : column));
    const equalities = ['published' in resource.fields ? ['published'] : [], list.filters].flat();
    return [{ table: resource.table, columns: [...equalities, ...ordered] }];
  });
}
