import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/schema.js';
import { isPostgres } from '../db/dialect.js';
import { dateColumnsOf, SEARCHABLE, type SearchableResource, type SearchDocument } from './documents.js';

type Row = Record<string, unknown>;
type AnyTables = Kysely<Record<string, Row>>;

/** Records read with one query while the whole index is rebuilt: memory holds this many per resource at most. */
const READ_BATCH = 1000;

/** The documents of some records of a resource, in the records' order: each record's own and its other languages'. */
export type DocumentsOfRecords = (db: Db, resource: SearchableResource, rows: readonly Row[]) => Promise<SearchDocument[]>;

const byDate = (a: SearchDocument, b: SearchDocument) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/**
 * The ids of a resource's records, oldest first, sorted by the database. Dates compare byte by byte there, as
 * JavaScript compares them when the resources are merged (PostgreSQL's default collation would not).
 */
async function idsByDate(db: Db, resource: SearchableResource): Promise<Float64Array> {
  const date = sql`coalesce(${sql.join(dateColumnsOf(resource).map((name) => sql.ref(name)))}, '')`;
  const order = isPostgres(db) ? sql`${date} collate "C"` : date;
  const { rows } = await sql<{ id: number }>`select id from ${sql.table(resource.table)} order by ${order}, id`.execute(db);
  return Float64Array.from(rows, (row) => Number(row.id));
}

/** One resource's documents, read a batch of records at a time in date order. */
class ResourceReader {
  private read = 0;
  private documents: SearchDocument[] = [];
  private next = 0;

  constructor(
    private readonly resource: SearchableResource,
    private readonly ids: Float64Array,
  ) {}

  /** The resource's earliest document not yet taken, or undefined when all were. */
  async head(db: Db, documentsOf: DocumentsOfRecords): Promise<SearchDocument | undefined> {
    while (this.next >= this.documents.length && this.read < this.ids.length) {
      const ids = Array.from(this.ids.subarray(this.read, this.read + READ_BATCH));
      this.read += ids.length;
      const rows = await (db as unknown as AnyTables).selectFrom(this.resource.table).selectAll().where('id', 'in', ids).execute();
      const byId = new Map(rows.map((row) => [Number(row.id), row]));
      const ordered = ids.map((id) => byId.get(id)).filter((row): row is Row => row !== undefined);
      // A version in another language has its record's date: the stable sort puts it among the batch's records.
      this.documents = (await documentsOf(db, this.resource, ordered)).sort(byDate);
      this.next = 0;
    }
    return this.documents[this.next];
  }

  take(): void {
    this.next++;
  }
}

/**
 * Every searchable record's documents, oldest first across the resources (of equal dates, the resources in their
 * declared order), in batches of `batchSize`. Each resource is read in date order a batch of records at a time and
 * the resources are merged, so that memory holds a few batches and the ids, never the whole site.
 */
export async function* documentsByDate(db: Db, batchSize: number, documentsOf: DocumentsOfRecords): AsyncGenerator<SearchDocument[]> {
  const readers: ResourceReader[] = [];
  for (const resource of SEARCHABLE) readers.push(new ResourceReader(resource, await idsByDate(db, resource)));
  let batch: SearchDocument[] = [];
  for (;;) {
    let earliest: { reader: ResourceReader; document: SearchDocument } | undefined;
    for (const reader of readers) {
      const document = await reader.head(db, documentsOf);
      if (document && (!earliest || document.date < earliest.document.date)) earliest = { reader, document };
    }
    if (!earliest) break;
    earliest.reader.take();
    batch.push(earliest.document);
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
