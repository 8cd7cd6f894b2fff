import { sql, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import { isPostgres } from './dialect.js';

/**
 * Makes a transaction the only one of its kind until it ends, before it reads anything it will decide on
 * (a count of managers, say). PostgreSQL: a transaction-scoped advisory lock on `name`. SQLite: a write that
 * changes nothing, which takes the database's single write lock at once (BEGIN IMMEDIATE semantics), so the
 * reads that follow cannot be outdated by another writer before this transaction commits.
 */
export async function lockForDecision(trx: Transaction<Database>, name: string): Promise<void> {
  if (isPostgres(trx)) {
    await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
  } else {
    await sql`update users set id = id where 0 = 1`.execute(trx);
  }
}
