import { z } from 'zod';
import { CONTROL_CHARACTERS, isIdInRange, MAX_ID } from '../../lib/ids.js';
import type { FilterType, ListRange } from '../../lib/resources/index.js';
import { HttpError } from '../http/errors.js';
import { parseInRussian } from '../http/validation.js';
import { integer } from './validate.js';

/**
 * The parameters of the admin's list reads in ra-data-simple-rest conventions
 * (`sort=["field","ASC"]&range=[0,24]&filter={"q":"…","id":[1,2],"column":value}`), checked by a schema built
 * from what a list declares: the columns it sorts and filters on and the type of each filter's values.
 */

export interface ListQuery {
  sort: { field: string; order: 'asc' | 'desc' };
  /** Inclusive bounds; null reads every matching row up to `MAX_LIST_ROWS`. */
  range: { start: number; end: number } | null;
  q: string | null;
  ids: number[] | null;
  equals: { column: string; values: (number | string)[] }[];
  /** Range bounds, each inclusive: `created_at >= value` for a `from` bound. */
  ranges: (ListRange & { value: string })[];
}

/** What a list declares about its reads: the columns `sort` and `filter` may name, and the order without `sort`. */
export interface ListRules {
  /** Columns `sort` may name; `id` is always allowed. */
  sortable: readonly string[];
  /** Columns other `filter` keys may name, with the type of their values; `id` and `q` are always allowed. */
  filters: Readonly<Partial<Record<string, FilterType>>>;
  /** Range filters by their keys (`created_from`), each one bound of a column. */
  ranges?: Readonly<Record<string, ListRange>>;
  defaultSort: readonly [string, 'ASC' | 'DESC'];
}

/** The most rows one list read answers, and the most values one filter lists. */
export const MAX_LIST_ROWS = 1000;
export const LIST_QUERY_MESSAGE = 'Некорректные параметры списка.';

/** The longest search text and the longest value of a text filter. */
const Q_MAX = 200;
const TEXT_FILTER_MAX = 2000;

/**
 * A parameter holding JSON text. Absent or empty, it is not given; repeated (`?sort=…&sort=…`) or not JSON, it
 * is refused. The parsed value is then checked by `schema`.
 */
function jsonParam<O>(schema: z.ZodType<O>) {
  const parsed = z.string({ error: 'Параметр должен встречаться один раз.' }).transform((value, context): unknown => {
    try {
      return JSON.parse(value);
    } catch {
      context.addIssue({ code: 'custom', message: 'Ожидается JSON.' });
      return z.NEVER;
    }
  });
  return z.preprocess((value) => (value === '' ? undefined : value), parsed.pipe(schema).optional());
}

/** `["field","ASC"|"DESC"]`: a column the list sorts on (or `id`), in either direction, in any letter case. */
function sortSchema(rules: ListRules) {
  const shape = 'Ожидается ["поле","ASC"|"DESC"].';
  const field = z.enum([...new Set(['id', ...rules.sortable])], { error: (issue) => `По полю «${String(issue.input)}» сортировать нельзя.` });
  const order = z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC'], { error: 'Порядок — ASC или DESC.' }));
  return z
    .tuple([z.string({ error: shape }), z.string({ error: shape })], { error: shape })
    .pipe(z.tuple([field, order]))
    .transform(([name, direction]) => ({ field: name, order: direction === 'ASC' ? ('asc' as const) : ('desc' as const) }));
}

/** `[start, end]`: whole numbers, inclusive, from 0, at most `MAX_LIST_ROWS` rows. */
const rangeSchema = (() => {
  const shape = 'Ожидается [начало, конец].';
  const bound = z.number({ error: shape }).int(shape);
  return z
    .tuple([bound, bound], { error: shape })
    .refine(
      ([start, end]) => start >= 0 && end >= start && end - start + 1 <= MAX_LIST_ROWS,
      `Начало не меньше 0, конец не меньше начала, не больше ${MAX_LIST_ROWS} записей.`,
    )
    .transform(([start, end]) => ({ start, end }));
})();

/** One value or a list of up to `MAX_LIST_ROWS` values, each checked by `item`; a single value reads as a list of one. */
function valueList<O>(key: string, item: z.ZodType<O>) {
  return z.preprocess(
    (value) => (Array.isArray(value) ? value : [value]),
    z.array(z.unknown()).max(MAX_LIST_ROWS, `Слишком много значений «${key}».`).pipe(z.array(item)),
  );
}

/** A whole number an `integer` column can hold, from JSON (true and false read as 1 and 0) or digits. */
const intValue = (key: string) =>
  z.preprocess((value) => (typeof value === 'boolean' ? Number(value) : value), integer(-MAX_ID - 1, MAX_ID, `«${key}» ожидает целое число.`));

/** Text compared as given (numbers read as their digits): not overlong, no control characters. */
const textValue = (key: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string({ error: `«${key}» ожидает строку.` })
      .max(TEXT_FILTER_MAX, `Недопустимое значение «${key}».`)
      .refine((value) => !CONTROL_CHARACTERS.test(value), `Недопустимое значение «${key}».`),
  );

/** What one key of `filter` asks for, once checked. */
type FilterPart = { q: string | null } | { ids: number[] } | ListQuery['equals'][number] | { range: ListQuery['ranges'][number] };

/** One bound of a range filter: a date (`2026-01-31`) or a moment in ISO 8601, compared as the stored ISO text. */
const rangeFilter = (key: string, range: ListRange) =>
  z
    .string({ error: `«${key}» ожидает дату.` })
    .max(40, `«${key}» ожидает дату.`)
    .refine((value) => /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?$/.test(value) && !Number.isNaN(Date.parse(value)), `«${key}» ожидает дату.`)
    .transform((value): FilterPart => {
      // A bare date's end bound takes in the whole day.
      const moment = value.length === 10 && range.bound === 'to' ? `${value}T23:59:59.999Z` : new Date(value).toISOString();
      return { range: { ...range, value: moment } };
    });

/** A declared filter's values by its type; `null` asks for the rows where the column is empty. */
const columnFilter = (column: string, type: FilterType) =>
  z
    .preprocess((value) => (value === null ? [] : value), valueList<number | string>(column, type === 'int' ? intValue(column) : textValue(column)))
    .transform((values): FilterPart => ({ column, values }));

/** `filter.id`: record ids, the same rule as ids in addresses (1..2147483647). */
const idsFilter = valueList('id', intValue('id'))
  .pipe(z.array(z.number().refine(isIdInRange, '«id» ожидает номера записей.')))
  .transform((ids): FilterPart => ({ ids }));

/** `filter.q`: the search box's text, trimmed; blank searches nothing. */
const qMessage = `«q» — строка до ${Q_MAX} символов.`;
const qFilter = z
  .string({ error: qMessage })
  .max(Q_MAX, qMessage)
  .refine((value) => !CONTROL_CHARACTERS.test(value), qMessage)
  .transform((value): FilterPart => ({ q: value.trim() || null }));

/** `{"q":…,"id":[…],"column":value}`: only the declared columns besides `q` and `id`; `null` is no filter. */
function filterSchema(rules: ListRules) {
  const shape: Record<string, z.ZodOptional<z.ZodType<FilterPart>>> = {};
  for (const [column, type] of Object.entries(rules.filters)) if (type) shape[column] = columnFilter(column, type).optional();
  for (const [key, range] of Object.entries(rules.ranges ?? {})) shape[key] = rangeFilter(key, range).optional();
  shape.q = qFilter.optional();
  shape.id = idsFilter.optional();
  const object = z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `По полю «${String(issue.keys[0])}» фильтровать нельзя.` : 'Ожидается объект.'),
  });
  return z.preprocess(
    (value) => value ?? {},
    object.transform((parts) => {
      const filter: Pick<ListQuery, 'q' | 'ids' | 'equals' | 'ranges'> = { q: null, ids: null, equals: [], ranges: [] };
      for (const part of Object.values(parts)) {
        if (!part) continue;
        if ('q' in part) filter.q = part.q;
        else if ('ids' in part) filter.ids = part.ids;
        else if ('range' in part) filter.ranges.push(part.range);
        else filter.equals.push(part);
      }
      return filter;
    }),
  );
}

/** The schema of a list's query string; parameters other than `sort`, `range` and `filter` are ignored. */
export function listQuerySchema(rules: ListRules): z.ZodType<ListQuery> {
  const [defaultField, defaultOrder] = rules.defaultSort;
  const defaultSort: ListQuery['sort'] = { field: defaultField, order: defaultOrder === 'ASC' ? 'asc' : 'desc' };
  const filter = filterSchema(rules);
  return z
    .object({ sort: jsonParam(sortSchema(rules)), range: jsonParam(rangeSchema), filter: jsonParam(filter) })
    .transform(({ sort, range, filter: given }) => ({
      sort: sort ?? defaultSort,
      range: range ?? null,
      ...(given ?? { q: null, ids: null, equals: [], ranges: [] }),
    }));
}

/** Reads a list's query string; the first thing wrong is a 400 naming its parameter (`sort`, `range` or `filter`). */
export function parseListQuery(schema: z.ZodType<ListQuery>, query: Record<string, unknown>): ListQuery {
  const result = parseInRussian(schema, query);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw new HttpError(400, LIST_QUERY_MESSAGE, { [String(issue?.path[0] ?? 'filter')]: [issue?.message ?? LIST_QUERY_MESSAGE] });
}
