import type { Kysely } from 'kysely';
import type { ContentServices } from '../../lib/content.js';
import type { Database } from '../db/schema.js';

export function createNetworkService(db: Kysely<Database>): ContentServices['network'] {
  return {
    collections: () => db.selectFrom('network_collections').selectAll().orderBy('position').orderBy('id').execute(),
  };
}
