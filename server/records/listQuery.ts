import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, preHandlerAsyncHookHandler } from 'fastify';
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { idFromText } from '../../lib/ids.js';
import type { FilterType, ListRange, ListSearchIn, ListSearchReference } from '../../lib/resources/index.js';
import type { Database } from '../db/schema.js';
import { listQuerySchema, MAX_LIST_ROWS, parseListQuery, type ListQuery } from './listQuerySchema.js';
import { tagVersion } from './versions.js';
import { notFound } from '../http/errors.js';
import { matchingRecordIds } from '../search/query.js';
import { listTotalCap, searchesIndex } from '../../lib/listTotals.js';
import { listSearchCondition } from './listSearch.js';
import { declared } from '../db/declared.js';
import type { TranslationLocale } from '../../lib/locales.js';
import { translatedFilter } from '../translations/listFilter.js';

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
  /** Columns `filter.q` searches (case-insensitive substring) when the full-text index does not hold the resource. */
  searchable: readonly (keyof Database[T] & string)[];
  /** How `filter.q` reads `searchable` (`listSearchCondition`); absent, every row's values. */
  searchIn?: ListSearchIn;
  /** Columns other `filter` keys may name, with the type of their values; `id` and `q` are always allowed. */
  filters: Readonly<Partial<Record<keyof Database[T] & string, FilterType>>>;
  /** Range filters by their keys (`created_from`), each one bound of a column. */
  ranges?: Readonly<Record<string, ListRange>>;
  /** Referenced tables whose matching rows the search box also finds rows by (an asset's folder name). */
  searchReferences?: readonly ListSearchReference[];
  defaultSort: readonly [keyof Database[T] & string, 'ASC' | 'DESC'];
  /** The columns a list row carries besides `id`; absent, every column. A read of one record always has them all. */
  columns?: readonly (keyof Database[T] & string)[];
  /** Filters on whether a record has a version in another language (`translated_en`: its language), not columns. */
  translationFilters?: Readonly<Record<string, TranslationLocale>>;
}

/**
 * One page of rows and the total of the filtered list, capped (`lib/listTotals.ts`): it counts at most one row past
 * the cap; past it, the total reaches one row beyond the page when a row follows it.
 * A page is read as a deferred join: its ids from the index of the order (`(column, id)`, or `(filter, column, id)`
 * with a filter) without reading the rows it skips, then only those rows, so that a deep page costs little more
 * than the first one.
 */
export async function runListQuery<T extends keyof Database>(
  db: Kysely<Database>,
  spec: ListSpec<T>,
  list: ListQuery,
  { whole = false }: { whole?: boolean } = {},
): Promise<{ rows: Selectable<Database[T]>[]; total: number; start: number }> {
  let base = declared(db).selectFrom(spec.table as string);
  if (list.ids) base = list.ids.length ? base.where('id', 'in', list.ids) : base.where(sql<SqlBool>`1 = 0`);
  for (const { column, values } of list.equals) {
    const locale = spec.translationFilters?.[column];
    if (locale) base = base.where(translatedFilter(spec.resource, locale, values));
    else base = values.length ? base.where(column, 'in', values) : base.where(column, 'is', null);
  }
  if (list.q && searchesIndex(spec.resource)) {
    // Through the full-text index only, every word as a prefix, the newest `SEARCH_RESULTS_MAX + 1` matches.
    const ids = await matchingRecordIds(db, spec.resource, list.q);
    base = ids.length ? base.where('id', 'in', ids) : base.where(sql<SqlBool>`1 = 0`);
  } else if (list.q && spec.searchable.length) {
    const search = { table: spec.table, columns: spec.searchable, searchIn: spec.searchIn ?? 'rows', references: spec.searchReferences };
    base = base.where(await listSearchCondition(db, search, list.q));
  }
  for (const range of list.ranges) base = base.where(range.column, range.bound === 'from' ? '>=' : '<=', range.value);

  const start = list.range?.start ?? 0;
  const limit = list.range ? list.range.end - list.range.start + 1 : MAX_LIST_ROWS;
  const cap = listTotalCap(spec.resource, list.q);
  const counted = await db
    .selectFrom(
      base
        .select(sql.lit(1).as('one'))
        .limit(cap + 1)
        .as('matching'),
    )
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  const ordered = <Q extends { orderBy: (field: string, order: 'asc' | 'desc') => Q }>(query: Q) =>
    query.orderBy(list.sort.field, list.sort.order).orderBy('id', list.sort.order);
  // One id more than the page tells whether a row follows it.
  const pageIds = (
    await ordered(base.select('id'))
      .limit(limit + 1)
      .offset(start)
      .execute()
  ).map((row) => Number(row.id));
  const more = pageIds.length > limit;
  const ids = pageIds.slice(0, limit);
  const table = declared(db).selectFrom(spec.table as string);
  const page = ids.length ? table.where('id', 'in', ids) : table.where(sql<SqlBool>`1 = 0`);
  const selected = whole || !spec.columns ? page.selectAll() : page.select(['id', ...spec.columns]);
  const rows = await ordered(selected).execute();
  const count = Number(counted?.count ?? 0);
  // Past the cap the total only has to reach one row beyond the page when a row follows it, so that paging goes on.
  const reached = ids.length ? start + ids.length + (more ? 1 : 0) : 0;
  const total = count <= cap ? count : Math.max(cap + 1, reached);
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
 * `present` turns rows into the admin read shape for the signed-in user (it may load related rows for the whole page at once); `docs`
 * describe both reads in the OpenAPI document.
 */
export function registerAdminReads<T extends keyof Database, R>(
  app: FastifyInstance,
  spec: ListSpec<T>,
  present: (rows: Selectable<Database[T]>[], request: FastifyRequest) => Promise<R[]> | R[],
  options: {
    preHandler?: preHandlerAsyncHookHandler;
    docs?: { list: FastifySchema; one: FastifySchema };
    /** How one record is read when it differs from its list shape (its versions in other languages, its draft). */
    one?: (row: Selectable<Database[T]>, request: FastifyRequest) => Promise<unknown>;
  } = {},
): void {
  const preHandler = options.preHandler ? [options.preHandler] : [];
  const schema = listQuerySchema(spec);
  const listOptions = { preHandler, schema: options.docs?.list };
  app.get<{ Querystring: Record<string, unknown> }>(`/api/admin/${spec.resource}`, listOptions, async (request, reply) => {
    const list = parseListQuery(schema, request.query);
    const { rows, total, start } = await runListQuery(app.db, spec, list);
    setContentRange(reply, spec.resource, start, rows.length, total);
    return { data: await present(rows, request) };
  });
  app.get<{ Params: { id: string } }>(`/api/admin/${spec.resource}/:id`, { preHandler, schema: options.docs?.one }, async (request, reply) => {
    const id = parseId(request.params.id);
    const { rows } = await runListQuery(app.db, spec, { ...parseListQuery(schema, {}), ids: [id] }, { whole: true });
    const [row] = rows;
    if (row === undefined) throw notFound();
    const record = options.one ? await options.one(row, request) : (await present([row], request))[0];
    tagVersion(reply, record);
    return { data: record };
  });
}
