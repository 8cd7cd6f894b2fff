import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../db/dialect.js';
import { ArchiveError } from './encryption.js';
import { selfReferences } from './tables.js';

type Row = Record<string, unknown>;
type AnyTables = Kysely<Record<string, Row>>;

/**
 * A row longer than this is refused before it is parsed: the largest texts a record holds are HTML of 2 million
 * characters, a few to a row, so a longer line is no row a backup wrote, and it is never held whole in memory.
 */
const ROW_MAX_BYTES = 32 * 1024 * 1024;

function parseRow(table: string, line: Buffer): Row {
  let row: unknown;
  try {
    row = JSON.parse(line.toString('utf8'));
  } catch {
    throw new ArchiveError(`${table}: a row that is not JSON`);
  }
  if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new ArchiveError(`${table}: a row that is not a JSON object`);
  return row as Row;
}

/** At most this many values in one statement (SQLite allows 32,766 parameters, PostgreSQL 65,535). */
const VALUES_PER_STATEMENT = 30_000;
const ROWS_PER_STATEMENT = 1000;

/**
 * Inserts the archive's rows table by table, in the archive's order (a referenced table first), with their ids.
 * PostgreSQL checks a table's references to itself row by row: a row whose parent comes later in the table is
 * inserted without it, and the parent is set once the whole table is in.
 */
export class RowInserter {
  private table: string | null = null;
  private selfColumns: string[] = [];
  private inserted = new Set<unknown>();
  private patches: { id: unknown; column: string; value: unknown }[] = [];
  readonly counts = new Map<string, number>();

  /** `tables`: the tables rows may go into (those a backup of the schema writes). */
  constructor(
    private readonly trx: Transaction<unknown>,
    private readonly tables: ReadonlySet<string>,
  ) {}

  /** Inserts one part's rows (NDJSON) of `table` as they stream, a statement's worth at a time. */
  async insert(table: string, ndjson: AsyncIterable<Buffer>): Promise<number> {
    if (table !== this.table) await this.startTable(table);
    let count = 0;
    let batch: Row[] = [];
    let perStatement = ROWS_PER_STATEMENT;
    const flush = async () => {
      if (batch.length === 0) return;
      await (this.trx as unknown as AnyTables).insertInto(table).values(batch).execute();
      count += batch.length;
      batch = [];
    };
    const take = async (line: Buffer) => {
      if (line.length === 0) return;
      const row = parseRow(table, line);
      if (this.selfColumns.length) this.holdBackParents(row);
      if (batch.length === 0 && count === 0)
        perStatement = Math.max(1, Math.min(ROWS_PER_STATEMENT, Math.floor(VALUES_PER_STATEMENT / Math.max(1, Object.keys(row).length))));
      batch.push(row);
      if (batch.length >= perStatement) await flush();
    };
    let partial: Buffer[] = [];
    let partialBytes = 0;
    for await (const chunk of ndjson) {
      let start = 0;
      for (let end = chunk.indexOf(10); end >= 0; end = chunk.indexOf(10, start)) {
        partial.push(chunk.subarray(start, end));
        const line = Buffer.concat(partial);
        partial = [];
        partialBytes = 0;
        start = end + 1;
        await take(line);
      }
      if (start < chunk.length) {
        partial.push(chunk.subarray(start));
        partialBytes += chunk.length - start;
        if (partialBytes > ROW_MAX_BYTES) throw new ArchiveError(`${table}: a row longer than ${ROW_MAX_BYTES} bytes, which no backup of this site writes`);
      }
    }
    await take(Buffer.concat(partial));
    await flush();
    this.counts.set(table, (this.counts.get(table) ?? 0) + count);
    return count;
  }

  /** Sets the parents held back in the table written last. */
  async finish(): Promise<void> {
    const table = this.table;
    for (const { id, column, value } of table ? this.patches : []) {
      await sql`update ${sql.table(table ?? '')} set ${sql.ref(column)} = ${value} where id = ${id}`.execute(this.trx);
    }
    this.patches = [];
  }

  private async startTable(table: string): Promise<void> {
    if (this.table) await this.finish();
    if (!this.tables.has(table)) {
      throw new ArchiveError(`the archive holds rows for the table ${table}, which no backup of this site at the archive's schema holds`);
    }
    this.table = table;
    this.inserted = new Set();
    this.selfColumns = isPostgres(this.trx) ? await selfReferences(this.trx, table) : [];
  }

  private holdBackParents(row: Row): void {
    for (const column of this.selfColumns) {
      const parent = row[column];
      if (parent !== null && parent !== undefined && !this.inserted.has(parent) && parent !== row.id) {
        this.patches.push({ id: row.id, column, value: parent });
        row[column] = null;
      }
    }
    this.inserted.add(row.id);
  }
}
