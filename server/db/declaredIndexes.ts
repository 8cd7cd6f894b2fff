import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';
import { escapeLike } from './like.js';
import type { Database } from './schema.js';

/**
 * An index the code's reads need, derived from the resource declarations (the orders and filters a list offers)
 * rather than written into a migration: a resource declared later, or a sort added to a list, gets its index on the
 * next start, and an index no declaration asks for any more is dropped. `columns` are column names, each optionally
 * followed by ` desc` (an order mixing directions needs an index that mixes them too).
 */
export interface DeclaredIndex {
  table: string;
  columns: readonly string[];
}

/** Every declared index's name starts so; the start leaves every other index alone. */
const PREFIX = 'declared_';
/** PostgreSQL cuts identifiers at 63 bytes: longer names end with a hash of the columns instead. */
const MAX_NAME_LENGTH = 63;

/** `declared_news_title_id`, or `declared_news_1f2e3d4c5b6a` when that would be too long. */
export function declaredIndexName(index: DeclaredIndex): string {
  const plain = `${PREFIX}${index.table}_${index.columns.map((column) => column.replace(/ desc$/, '_desc')).join('_')}`;
  if (plain.length <= MAX_NAME_LENGTH) return plain;
  const hash = createHash('sha256')
    .update(`${index.table}:${index.columns.join(',')}`)
    .digest('hex')
    .slice(0, 12);
  return `${PREFIX}${index.table}_${hash}`.slice(0, MAX_NAME_LENGTH);
}

async function existingDeclaredIndexes(db: Kysely<Database>): Promise<string[]> {
  const pattern = `${escapeLike(PREFIX)}%`;
  const { rows } = isPostgres(db)
    ? await sql<{
        name: string;
      }>`select indexname as name from pg_indexes where schemaname = current_schema() and indexname like ${pattern} escape '\\'`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and name like ${pattern} escape '\\'`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Makes the database hold exactly the declared indexes: creates the missing ones and drops those no longer declared.
 * Runs at every start after the migrations; on PostgreSQL processes starting together take turns (an advisory lock
 * for the transaction), and the indexes built in it appear together when it commits.
 */
export async function syncDeclaredIndexes(db: Kysely<Database>, indexes: readonly DeclaredIndex[]): Promise<{ created: string[]; dropped: string[] }> {
  const wanted = new Map(indexes.map((index) => [declaredIndexName(index), index]));
  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('declared indexes'))`.execute(trx);
    const existing = new Set(await existingDeclaredIndexes(trx));
    const dropped = [...existing].filter((name) => !wanted.has(name));
    for (const name of dropped) await trx.schema.dropIndex(name).execute();
    const created: string[] = [];
    for (const [name, index] of wanted) {
      if (existing.has(name)) continue;
      await trx.schema
        .createIndex(name)
        .on(index.table)
        .columns([...index.columns])
        .execute();
      created.push(name);
    }
    return { created, dropped };
  });
}
