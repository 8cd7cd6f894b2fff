import { nowIso } from '../../content/visibility.js';
import type { ResourceHooks, Row } from '../hooks.js';

export const mediaSourceHooks: ResourceHooks = {
  // A source is never deleted (press items keep pointing to it): remove deactivates it and answers `active: 0`.
  remove: async (trx, row) =>
    (await trx
      .updateTable('media_sources')
      .set({ active: 0, updated_at: nowIso() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow()) as unknown as Row,
};
