import type { ResourceDescriptor } from '../../lib/resources/index.js';
import type { DeclaredIndex } from '../db/declaredIndexes.js';

/**
 * The indexes the admin's lists need: every sort a list offers reads its rows in `(column, id)` order, `id` being the
 * tie-breaker the list query adds.
 */
export function adminListIndexes(resources: readonly ResourceDescriptor[]): DeclaredIndex[] {
  return resources.flatMap((resource) =>
    resource.list.sortable.filter((column) => column !== 'id').map((column) => ({ table: resource.table, columns: [column, 'id'] })),
  );
}
