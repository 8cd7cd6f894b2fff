import type { FastifyRequest } from 'fastify';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import { nowIso } from '../content/visibility.js';
import type { Row, Trx } from '../resources/hooks.js';

/** What the trash screen names a record by: its search title field, else its title, else its name (a library file). */
export const trashTitleOf = (resource: ResourceDescriptor, row: Row): string => String(row[resource.search?.fields[0] ?? 'title'] ?? row.name ?? '');

/**
 * Keeps a record that is being removed in the trash, inside the removal's transaction: its columns as they are,
 * the files it names (they stay on disk until the entry is purged), who removed it and when.
 */
export async function putInTrash(trx: Trx, request: FastifyRequest, resource: ResourceDescriptor, row: Row, files: readonly string[]): Promise<void> {
  await trx
    .insertInto('trash')
    .values({
      resource: resource.name,
      record_id: row.id,
      title: trashTitleOf(resource, row).slice(0, 500),
      row: JSON.stringify(row),
      files: JSON.stringify([...new Set(files)]),
      removed_by_id: request.user?.id ?? null,
      removed_by_email: request.user?.email ?? '',
      removed_at: nowIso(),
    })
    .execute();
}
