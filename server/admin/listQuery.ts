import type { FastifyInstance, FastifyReply, FastifySchema, preHandlerAsyncHookHandler } from 'fastify';
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { idFromText } from '../../lib/ids.js';
import { resourceNamed, type FilterType } from '../../lib/resources/index.js';
import type { Database } from '../db/schema.js';
import { listQuerySchema, MAX_LIST_ROWS, parseListQuery, type ListQuery } from './listQuerySchema.js';
import { tagVersion } from './versions.js';
import { notFound } from '../http/errors.js';
import { matchingRecords } from '../search/query.js';
import { isPostgres } from '../db/dialect.js';
import { declared } from '../db/declared.js';

/**
 * The admin's list reads in ra-data-simple-rest conventions, once for every resource:
 * `GET /api/admin/<resource>?sort=["field","ASC"]&range=[0,24]&filter={"q":"…","id":[1,2],"column":value}`
 * answers `{ data: rows }` with `Content-Range: <resource> 0-24/319`.
 */

export interface ListSpec<T extends keyof Database = keyof Database> {
  /** The name in the URL and in `Content-Range`, e.g. `media-our`. */
  resource: string;
  table: T;
  /** Columns `sort` may name; `id` is always the tie-breaker. */
  sortable: readonly (keyof Database[T] & string)[];
  /** Columns `filter.q` searches (case-insensitive substring). */
  searchable: readonly (keyof Database[T] & string)[];
  /** Columns other `filter` keys may name, with the type of their values; `id` and `q` are always allowed. */
  filters: Readonly<Partial<Record<keyof Database[T] & string, FilterType>>>;
  defaultSort: readonly [keyof Database[T] & string, 'ASC' | 'DESC'];
  /** The columns a list row carries besides `id`; absent, every column. A read of one record always has them all. */
  columns?: readonly (keyof Database[T] & string)[];
}

/** Kysely over tables chosen at run time; the spec's column lists are the only names that reach SQL. */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** SQLite's LIKE folds ASCII only, so Cyrillic needs its case variants spelled out; PostgreSQL has ILIKE. */
function searchCondition(postgres: boolean, columns: readonly string[], q: string) {
  const lower = q.toLocaleLowerCase('ru-RU');
  const variants = postgres ? [q] : [...new Set([q, lower, q.toLocaleUpperCase('ru-RU'), lower.charAt(0).toLocaleUpperCase('ru-RU') + lower.slice(1)])];
  const parts = columns.flatMap((column) =>
    variants.map((variant) =>
      postgres
        ? sql<SqlBool>`${sql.ref(column)} ilike ${`%${escapeLike(variant)}%`} escape '\\'`
        : sql<SqlBool>`${sql.ref(column)} like ${`%${escapeLike(variant)}%`} escape '\\'`,
    ),
  );
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** One page of rows and the total of the filtered list. */
export async function runListQuery<T extends keyof Database>(
  db: Kysely<Database>,
  spec: ListSpec<T>,
  list: ListQuery,
  { whole = false }: { whole?: boolean } = {},
): Promise<{ rows: Selectable<Database[T]>[]; total: number; start: number }> {
  const postgres = isPostgres(db);
  let base = declared(db).selectFrom(spec.table as string);
  if (list.ids) base = list.ids.length ? base.where('id', 'in', list.ids) : base.where(sql<SqlBool>`1 = 0`);
  for (const { column, values } of list.equals) {
    base = values.length ? base.where(column, 'in', values) : base.where(column, 'is', null);
  }
  if (list.q && spec.searchable.length) {
    // Resources the full-text search indexes find every form of the words (drafts and scheduled items too);
    // the substring match stays beside it, so that a beginning of a word or a slug still finds the row.
    const substring = searchCondition(postgres, spec.searchable, list.q);
    const words = resourceNamed(spec.resource)?.search ? matchingRecords(db, spec.resource, list.q) : null;
    base = base.where(words ? sql<SqlBool>`(${words} or ${substring})` : substring);
  }

  const counted = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  const total = Number(counted?.count ?? 0);
  const start = list.range?.start ?? 0;
  const limit = list.range ? list.range.end - list.range.start + 1 : MAX_LIST_ROWS;
  const selected = whole || !spec.columns ? base.selectAll() : base.select(['id', ...spec.columns]);
  const rows = await selected.orderBy(list.sort.field, list.sort.order).orderBy('id', list.sort.order).limit(limit).offset(start).execute();
  return { rows: rows as Selectable<Database[T]>[], total, start };
}

/** `Content-Range: news 0-24/319` (`news *\/0` for an empty page), readable by the admin scripts. */
export function setContentRange(reply: FastifyReply, resource: string, start: number, count: number, total: number): void {
  reply.header('Content-Range', count > 0 ? `${resource} ${start}-${start + count - 1}/${total}` : `${resource} */${total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
}

/**
 * A record id from the URL; anything but a whole number in the id range (1..2147483647, the `integer` columns)
 * is an unknown record.
 */
export function parseId(value: unknown): number {
  const id = typeof value === 'string' ? idFromText(value) : null;
  if (id === null) throw notFound();
  return id;
}

/**
 * Registers `GET /api/admin/<resource>` (list) and `GET /api/admin/<resource>/:id` (one record, 404 when unknown).
 * `present` turns rows into the admin read shape (it may load related rows for the whole page at once); `docs`
 * describe both reads in the OpenAPI document.
 */
export function registerAdminReads<T extends keyof Database, R>(
  app: FastifyInstance,
  spec: ListSpec<T>,
  present: (rows: Selectable<Database[T]>[]) => Promise<R[]> | R[],
  options: { preHandler?: preHandlerAsyncHookHandler; docs?: { list: FastifySchema; one: FastifySchema } } = {},
): void {
  const preHandler = options.preHandler ? [options.preHandler] : [];
  const schema = listQuerySchema(spec);
  const listOptions = { preHandler, schema: options.docs?.list };
  app.get<{ Querystring: Record<string, unknown> }>(`/api/admin/${spec.resource}`, listOptions, async (request, reply) => {
    const list = parseListQuery(schema, request.query);
    const { rows, total, start } = await runListQuery(app.db, spec, list);
    setContentRange(reply, spec.resource, start, rows.length, total);
    return { data: await present(rows) };
  });
  app.get<{ Params: { id: string } }>(`/api/admin/${spec.resource}/:id`, { preHandler, schema: options.docs?.one }, async (request, reply) => {
    const id = parseId(request.params.id);
    const { rows } = await runListQuery(app.db, spec, { ...parseListQuery(schema, {}), ids: [id] }, { whole: true });
    const [record] = await present(rows);
    if (record === undefined) throw notFound();
    tagVersion(reply, record);
    return { data: record };
  });
}
