import { sql, type Kysely } from 'kysely';
import { RESOURCES, type ResourceDescriptor } from '../../lib/resources/index.js';
import { insertAudit } from '../records/audit.js';
import { INVALIDATION_CHANNEL } from '../cache/invalidationBus.js';
import { declared } from '../db/declared.js';
import { isPostgres } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { keepRevisionBy } from '../revisions/store.js';
import { indexRecord } from '../search/indexer.js';
import type { Row, Trx, Values } from './hooks.js';
import { WorkBudget } from '../content/workerPool.js';
import { typesetStoredValues } from './preparedValues.js';
import { typographyFields } from '../../lib/resources/index.js';

/**
 * Typesets what was stored before typography was declared (`npm run typography`): every field declared with
 * `typography` of every record, in batches by id.
 *
 * Each changed record is updated in place, in a transaction of its own, rather than saved again through the admin's
 * write path, which needs a signed-in request (its user, its `If-Match`, its files): the row is locked and read again,
 * so a save made meanwhile is typeset rather than overwritten; its version moves on (an edit form opened before then
 * is told the record changed); the version it replaced is kept in its history, so an editor can see the change and
 * undo it; its search entry is rebuilt and an audit entry (`typography`, by `cli`) records it. `updated_at` stays:
 * punctuation and spaces are not an edit, and the admin's «Изменено» and the sitemap keep meaning the editors' work.
 * Records in the trash are left as they were: a restore puts back what was removed, and its next save typesets it.
 */

/** Rows read at a time. */
const BATCH = 100;

/** Who the history and the audit log name for the command. */
const CLI = { id: null, email: 'cli' };

export interface TypesetReport {
  resource: string;
  /** Records read. */
  records: number;
  /** Records whose text changed. */
  changed: number;
}

/**
 * The fields that typesetting changes in a row: their new values, or null when it changes none (or when its text
 * takes longer than a write's budget, as a save would refuse it).
 */
async function typesetChanges(resource: ResourceDescriptor, row: Values): Promise<Values | null> {
  const typeset = await typesetStoredValues(new WorkBudget(), resource.fields, row);
  if (!typeset) return null;
  const changes = Object.fromEntries(
    typographyFields(resource.fields)
      .filter((name) => typeset[name] !== row[name])
      .map((name) => [name, typeset[name]]),
  );
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Typesets one record in its own transaction; answers whether its text changed. */
async function typesetRecord(db: Kysely<Database>, resource: ResourceDescriptor, id: number, revisionsKeep: number): Promise<boolean> {
  return db.transaction().execute(async (trx: Trx) => {
    const query = declared(trx).selectFrom(resource.table).selectAll().where('id', '=', id);
    const current = (await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst()) as Row | undefined;
    const changes = current ? await typesetChanges(resource, current) : null;
    if (!current || !changes) return false;
    const row = (await declared(trx)
      .updateTable(resource.table)
      .set({ ...changes, version: Number(current.version) + 1 })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()) as Row;
    if (resource.revisions) await keepRevisionBy(trx, CLI, revisionsKeep, resource, current, row);
    await indexRecord(trx, resource, row);
    await insertAudit(trx, { action: 'typography', resource: resource.name, recordId: id, actor: CLI, ip: 'cli' });
    return true;
  });
}

/** Typesets the stored records of one resource, in batches by id. */
async function typesetResource(db: Kysely<Database>, resource: ResourceDescriptor, revisionsKeep: number): Promise<TypesetReport> {
  const fields = typographyFields(resource.fields);
  const report = { resource: resource.name, records: 0, changed: 0 };
  for (let after = 0; ;) {
    const rows = await declared(db)
      .selectFrom(resource.table)
      .select(['id', ...fields])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return report;
    for (const row of rows) {
      after = Number(row.id);
      report.records++;
      // Typesetting is read before the transaction, so records that are typeset already cost no write.
      if ((await typesetChanges(resource, row)) && (await typesetRecord(db, resource, after, revisionsKeep))) report.changed++;
    }
  }
}

/**
 * Typesets every resource that declares typography. On PostgreSQL the running processes are then told, as after any
 * save, to empty their page caches; a SQLite server keeps its pages until its next write or restart.
 */
export async function typesetStored(db: Kysely<Database>, revisionsKeep: number): Promise<TypesetReport[]> {
  const reports: TypesetReport[] = [];
  for (const resource of RESOURCES) {
    if (typographyFields(resource.fields).length > 0) reports.push(await typesetResource(db, resource, revisionsKeep));
  }
  if (isPostgres(db) && reports.some((report) => report.changed > 0)) {
    await sql`select pg_notify(${INVALIDATION_CHANNEL}, ${'typography-cli:1'})`.execute(db);
  }
  return reports;
}
