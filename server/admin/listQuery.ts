import type { FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { CONTROL_CHARACTERS, idFromText, isIdInRange, MAX_ID } from '../../lib/ids.js';
import { resourceNamed, type FilterType } from '../../lib/resources/index.js';
import type { Database } from '../db/schema.js';
import { tagVersion } from './versions.js';
import { HttpError, notFound } from '../http/errors.js';
import { matchingRecords } from '../search/query.js';
import { isPostgres } from '../db/dialect.js';

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
}

export interface ListQuery {
  sort: { field: string; order: 'asc' | 'desc' };
  /** Inclusive bounds; null reads every matching row up to `MAX_LIST_ROWS`. */
  range: { start: number; end: number } | null;
  q: string | null;
  ids: number[] | null;
  equals: { column: string; values: (number | string)[] }[];
}

/** The most rows one list read answers. */
export const MAX_LIST_ROWS = 1000;
export const LIST_QUERY_MESSAGE = 'Некорректные параметры списка.';

const listError = (field: 'sort' | 'range' | 'filter', text: string) => new HttpError(400, LIST_QUERY_MESSAGE, { [field]: [text] });

function parseJson(value: unknown, field: 'sort' | 'range' | 'filter'): unknown {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw listError(field, 'Параметр должен встречаться один раз.');
  try {
    return JSON.parse(value);
  } catch {
    throw listError(field, 'Ожидается JSON.');
  }
}

const isWholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** A whole number the database's `integer` columns can hold, or null. */
function toInt(value: unknown): number | null {
  const number = isWholeNumber(value) ? value : typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : null;
  return number !== null && number >= -MAX_ID - 1 && number <= MAX_ID ? number : null;
}

function filterValues(value: unknown, type: FilterType, key: string): (number | string)[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length > MAX_LIST_ROWS) throw listError('filter', `Слишком много значений «${key}».`);
  return list.map((item) => {
    if (type === 'int') {
      const number = typeof item === 'boolean' ? Number(item) : toInt(item);
      if (number === null) throw listError('filter', `«${key}» ожидает целое число.`);
      return number;
    }
    if (typeof item !== 'string' && typeof item !== 'number') throw listError('filter', `«${key}» ожидает строку.`);
    const textValue = String(item);
    if (textValue.length > 2000 || CONTROL_CHARACTERS.test(textValue)) throw listError('filter', `Недопустимое значение «${key}».`);
    return textValue;
  });
}

/** Ids of a filter: the same rule as ids in addresses (1..2147483647), anything else a 400. */
function filterIds(value: unknown): number[] {
  return filterValues(value, 'int', 'id').map((item) => {
    if (typeof item !== 'number' || !isIdInRange(item)) throw listError('filter', '«id» ожидает номера записей.');
    return item;
  });
}

/** Reads and checks `sort`, `range` and `filter`; anything malformed is a 400 naming the parameter. */
export function parseListQuery<T extends keyof Database>(spec: ListSpec<T>, query: Record<string, unknown>): ListQuery {
  const sortValue = parseJson(query.sort, 'sort');
  let sort: ListQuery['sort'] = { field: spec.defaultSort[0], order: spec.defaultSort[1] === 'ASC' ? 'asc' : 'desc' };
  if (sortValue !== undefined) {
    if (!Array.isArray(sortValue) || sortValue.length !== 2 || typeof sortValue[0] !== 'string' || typeof sortValue[1] !== 'string') {
      throw listError('sort', 'Ожидается ["поле","ASC"|"DESC"].');
    }
    const [field, order] = sortValue as [string, string];
    if (field !== 'id' && !(spec.sortable as readonly string[]).includes(field)) throw listError('sort', `По полю «${field}» сортировать нельзя.`);
    const direction = order.toUpperCase();
    if (direction !== 'ASC' && direction !== 'DESC') throw listError('sort', 'Порядок — ASC или DESC.');
    sort = { field, order: direction === 'ASC' ? 'asc' : 'desc' };
  }

  const rangeValue = parseJson(query.range, 'range');
  let range: ListQuery['range'] = null;
  if (rangeValue !== undefined) {
    if (!Array.isArray(rangeValue) || rangeValue.length !== 2 || !rangeValue.every(isWholeNumber)) {
      throw listError('range', 'Ожидается [начало, конец].');
    }
    const [start, end] = rangeValue as [number, number];
    if (start < 0 || end < start || end - start + 1 > MAX_LIST_ROWS) {
      throw listError('range', `Начало не меньше 0, конец не меньше начала, не больше ${MAX_LIST_ROWS} записей.`);
    }
    range = { start, end };
  }

  const filterValue = parseJson(query.filter, 'filter') ?? {};
  if (typeof filterValue !== 'object' || filterValue === null || Array.isArray(filterValue)) {
    throw listError('filter', 'Ожидается объект.');
  }
  let q: string | null = null;
  let ids: number[] | null = null;
  const equals: ListQuery['equals'] = [];
  for (const [key, value] of Object.entries(filterValue)) {
    if (key === 'q') {
      if (typeof value !== 'string' || value.length > 200 || CONTROL_CHARACTERS.test(value)) {
        throw listError('filter', '«q» — строка до 200 символов.');
      }
      q = value.trim() || null;
    } else if (key === 'id') {
      ids = filterIds(value);
    } else {
      const type = (spec.filters as Readonly<Record<string, FilterType | undefined>>)[key];
      if (!type || !Object.hasOwn(spec.filters, key)) throw listError('filter', `По полю «${key}» фильтровать нельзя.`);
      equals.push({ column: key, values: value === null ? [] : filterValues(value, type, key) });
    }
  }
  return { sort, range, q, ids, equals };
}

/** Kysely over tables chosen at run time; the spec's column lists are the only names that reach SQL. */
type LooseDatabase = Record<string, Record<string, string | number | null>>;

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
): Promise<{ rows: Selectable<Database[T]>[]; total: number; start: number }> {
  const loose = db as unknown as Kysely<LooseDatabase>;
  const postgres = isPostgres(db);
  let base = loose.selectFrom(spec.table as string);
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
  const rows = await base.selectAll().orderBy(list.sort.field, list.sort.order).orderBy('id', list.sort.order).limit(limit).offset(start).execute();
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
 * `present` turns rows into the admin read shape (it may load related rows for the whole page at once).
 */
export function registerAdminReads<T extends keyof Database, R>(
  app: FastifyInstance,
  spec: ListSpec<T>,
  present: (rows: Selectable<Database[T]>[]) => Promise<R[]> | R[],
  options: { preHandler?: preHandlerAsyncHookHandler } = {},
): void {
  const preHandler = options.preHandler ? [options.preHandler] : [];
  app.get<{ Querystring: Record<string, unknown> }>(`/api/admin/${spec.resource}`, { preHandler }, async (request, reply) => {
    const list = parseListQuery(spec, request.query);
    const { rows, total, start } = await runListQuery(app.db, spec, list);
    setContentRange(reply, spec.resource, start, rows.length, total);
    return { data: await present(rows) };
  });
  app.get<{ Params: { id: string } }>(`/api/admin/${spec.resource}/:id`, { preHandler }, async (request, reply) => {
    const id = parseId(request.params.id);
    const { rows } = await runListQuery(app.db, spec, { ...parseListQuery(spec, {}), ids: [id] });
    const [record] = await present(rows);
    if (record === undefined) throw notFound();
    tagVersion(reply, record);
    return { data: record };
  });
}
