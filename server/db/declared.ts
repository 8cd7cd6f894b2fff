import type { Kysely } from 'kysely';
import type { Db } from './schema.js';

/** Tables and columns addressed by the names a resource declaration gives them, known only at run time. */
export type DeclaredDatabase = Record<string, Record<string, unknown>>;

/**
 * The database for code that serves every resource from its declaration (generic reads and writes, the sitemap,
 * ordering, files): the table and column names come from the declarations, so the static schema cannot type them.
 */
export const declared = (db: Db): Kysely<DeclaredDatabase> => db as unknown as Kysely<DeclaredDatabase>;
