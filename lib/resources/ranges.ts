/** The moment a part of a list compares a field with: the current one, as the list is read. */
export type ListBound = 'now';

/**
 * How a range compares its field with its bound, each key named for where the field's value lies: `from` at or after
 * the bound (`>=`), `after` strictly after it (`>`), `before` strictly before it (`<`), `until` before it or at it
 * (`<=`).
 */
export const RANGE_BOUNDS = ['from', 'after', 'before', 'until'] as const;
export type RangeBound = (typeof RANGE_BOUNDS)[number];

/** One bound key set, the other three absent. */
type OneBound<Bound extends RangeBound> = { readonly [Key in Bound]: ListBound } & { readonly [Key in Exclude<RangeBound, Bound>]?: never };

/**
 * A condition of a list's part on one date field, with exactly one bound (see `RANGE_BOUNDS`): `{ field: 'starts_at',
 * from: 'now' }` keeps the items whose start is now or later. A part's ranges all hold at once (they are combined with
 * AND): a time window on two fields, `starts_at <= now < ends_at`, is `[{ field: 'starts_at', until: 'now' }, { field:
 * 'ends_at', after: 'now' }]`. As time passes, items cross the bounds without any write: the page cache ends what read
 * the list at the very millisecond the first one does.
 */
export type ListPartRange = { readonly field: string } & (OneBound<'from'> | OneBound<'after'> | OneBound<'before'> | OneBound<'until'>);

/** The bounds a range declares: exactly one in a declaration `defineResource` accepts. */
export const boundsOf = (range: ListPartRange): RangeBound[] => RANGE_BOUNDS.filter((bound) => range[bound] !== undefined);

/** The one bound a range declares. */
export function boundOf(range: ListPartRange): RangeBound {
  const [bound, ...others] = boundsOf(range);
  if (!bound || others.length > 0) throw new Error(`${range.field}: a range declares exactly one of ${RANGE_BOUNDS.join(', ')}`);
  return bound;
}
