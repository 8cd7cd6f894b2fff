import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { boundOf, type ListPart, type ListPartRange, type PublicListDeclaration, type RangeBound, type ResourceDescriptor } from '../../lib/resources/index.js';
import { nowIso } from './visibility.js';

/** The part of a list a read names, the first one when it names none; null for a list without parts. */
export function partNamed(list: PublicListDeclaration, name: string | undefined): ListPart | null {
  if (!list.parts) return null;
  if (name === undefined) return list.parts.parts[0];
  const part = list.parts.parts.find((candidate) => candidate.name === name);
  if (!part) throw new Error(`the list has no part ${name}`);
  return part;
}

/** The names of a list's parts, in their declared order (the first is the default). */
export const partNames = (list: PublicListDeclaration): string[] => list.parts?.parts.map((part) => part.name) ?? [];

/**
 * Each bound as the comparison of the field with now (in SQL, and in words for the API's description), and when an
 * item crosses it: a field compared by `>=` or `<` answers the same at its own moment as before it, and the other way
 * one millisecond later; by `>` or `<=`, at its own moment already.
 */
const BOUNDS: Readonly<Record<RangeBound, { operator: '>=' | '>' | '<' | '<='; words: string; crossesAfterMs: 0 | 1 }>> = {
  from: { operator: '>=', words: '≥', crossesAfterMs: 1 },
  after: { operator: '>', words: '>', crossesAfterMs: 0 },
  before: { operator: '<', words: '<', crossesAfterMs: 1 },
  until: { operator: '<=', words: '≤', crossesAfterMs: 0 },
};

/** A range as the API's description writes it: `starts_at ≥ now`. */
export const rangeInWords = (range: ListPartRange): string => `${range.field} ${BOUNDS[boundOf(range)].words} now`;

/** A part's conditions at this moment, all of them (AND): each range's field compared with now (ISO 8601 UTC text compares as text). */
export function partNow(part: ListPart): RawBuilder<SqlBool> {
  const now = nowIso();
  const rules = part.where.map((range) => sql<SqlBool>`${sql.ref(range.field)} ${sql.raw(BOUNDS[boundOf(range)].operator)} ${now}`);
  return rules.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(rules, sql` and `)})`;
}

/** A date field a list's parts compare with now, and how long after the field's own moment an item crosses the bound. */
export interface PartBoundary {
  field: string;
  crossesAfterMs: 0 | 1;
}

/** The moments at which an item moves between a resource's list parts: each field its parts compare, once per crossing. */
export function partBoundaries(resource: Pick<ResourceDescriptor, 'public'>): PartBoundary[] {
  const ranges = resource.public?.list?.parts?.parts.flatMap((part) => part.where) ?? [];
  const boundaries = ranges.map((range) => ({ field: range.field, crossesAfterMs: BOUNDS[boundOf(range)].crossesAfterMs }));
  return boundaries.filter(
    (boundary, index) => boundaries.findIndex((other) => other.field === boundary.field && other.crossesAfterMs === boundary.crossesAfterMs) === index,
  );
}
