/**
 * Lists told apart by their conditions, and the rows a write changed, so that a write ends only the lists it may
 * have changed: a photo saved in one photobank category leaves the other categories' lists alone, and a translation
 * saved for one resource the other resources' English pages.
 */

/** The longest text carried as a row's value; a longer one counts as changed and as meeting any condition. */
const LONGEST_CARRIED = 200;

/** A value as conditions and rows compare it: numbers, flags and short texts as text; undefined: not carried. */
export function comparableValue(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'string' && value.length <= LONGEST_CARRIED) return value;
  return undefined;
}

/** A read of a table's rows that meet conditions (a list, a count, the ids of a kept order). */
export interface ListRead {
  /** Equalities every row it read meets: column → the values it may have (`=` names one, `in` several). */
  filters: Readonly<Record<string, readonly string[]>>;
  /** Every column its conditions, joins and order name: a change of one may move a row into, out of or within it. */
  columns: readonly string[];
  /** The columns its rows show (`select id` of a kept order shows the id alone); null: every column. */
  selected: readonly string[] | null;
  /** The ids of the rows it answered; null when its rows do not say (a count). */
  ids: ReadonlySet<number> | null;
}

/** One row as a write changed it: its values before (null: added) and after (null: removed). */
export interface RowChange {
  id: number;
  before: Readonly<Record<string, string>> | null;
  after: Readonly<Record<string, string>> | null;
  /** Columns whose values were too long to carry: taken as changed and as meeting any condition. */
  long: readonly string[];
}

/** A row's values as a `RowChange` carries them, and the columns too long to carry. */
export function carriedRow(row: Readonly<Record<string, unknown>>): { values: Record<string, string>; long: string[] } {
  const values: Record<string, string> = {};
  const long: string[] = [];
  for (const [column, value] of Object.entries(row)) {
    const comparable = comparableValue(value);
    if (comparable === undefined) long.push(column);
    else values[column] = comparable;
  }
  return { values, long };
}

/** Whether a row may meet the list's equalities: a column it does not carry may. */
function mayMeet(row: Readonly<Record<string, string>>, long: readonly string[], list: ListRead): boolean {
  return Object.entries(list.filters).every(([column, values]) => long.includes(column) || row[column] === undefined || values.includes(row[column]));
}

/**
 * Whether a row's change may change what the list answered: the row was or is among the rows its equalities allow,
 * and it was added or removed, or a column the list's conditions or order name changed, or a column the list shows
 * changed and the row is one of those it answered (a count's rows are not known: any of the rows it counts).
 */
export function changesList(list: ListRead, change: RowChange): boolean {
  const { before, after, long } = change;
  const was = before !== null && mayMeet(before, long, list);
  const is = after !== null && mayMeet(after, long, list);
  if (!was && !is) return false;
  if (before === null || after === null) return true;
  const changed = (column: string) => long.includes(column) || before[column] !== after[column];
  if (list.columns.some(changed)) return true;
  if (list.selected !== null && !list.selected.some(changed)) return false;
  return list.ids === null || list.ids.has(change.id);
}

/** Equalities every row a write by condition changed held to, before and after it (`resource = …`, an upsert's key). */
export type RowFilters = Readonly<Record<string, readonly string[]>>;

/** Whether a list holds none of the rows a write by `filters` changed: on some column they allow no value in common. */
export function listApart(list: ListRead, filters: RowFilters): boolean {
  return Object.entries(filters).some(([column, values]) => list.filters[column]?.every((value) => !values.includes(value)) === true);
}

/**
 * The changes of a table's written records, when every one is known (null otherwise: then every list of the table
 * may have changed). `ids`: the records written; none means rows were added without telling which.
 */
export function knownChanges(ids: readonly number[], changes: readonly RowChange[] | undefined): readonly RowChange[] | null {
  if (!changes || ids.length === 0) return null;
  return ids.every((id) => changes.some((change) => change.id === id)) ? changes : null;
}
