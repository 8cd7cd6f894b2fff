import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../db/dialect.js';
import { allTables, selfReferences } from './tables.js';

type Row = Record<string, unknown>;
type AnyTables = Kysely<Record<string, Row>>;

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
  private known: Set<string> | null = null;
  readonly counts = new Map<string, number>();

  constructor(private readonly trx: Transaction<unknown>) {}

  /** Inserts one part's rows (NDJSON) of `table`. */
  async insert(table: string, ndjson: Buffer): Promise<number> {
    if (table !== this.table) await this.startTable(table);
    const rows = ndjson
      .toString('utf8')
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Row);
    const [first] = rows;
    if (!first) return 0;
    if (this.selfColumns.length) for (const row of rows) this.holdBackParents(row);
    const perStatement = Math.max(1, Math.min(ROWS_PER_STATEMENT, Math.floor(VALUES_PER_STATEMENT / Object.keys(first).length)));
    const db = this.trx as unknown as AnyTables;
    for (let start = 0; start < rows.length; start += perStatement) {
      await db
        .insertInto(table)
        .values(rows.slice(start, start + perStatement))
        .execute();
    }
    this.counts.set(table, (this.counts.get(table) ?? 0) + rows.length);
    return rows.length;
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
    this.known ??= new Set(await allTables(this.trx));
    if (!this.known.has(table)) throw new Error(`The archive holds table ${table}, which the archive's schema does not make: the archive is not of this site.`);
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
