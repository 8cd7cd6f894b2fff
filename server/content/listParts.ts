import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ListPart, PublicListDeclaration, ResourceDescriptor } from '../../lib/resources/index.js';
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

/** A part's conditions at this moment: each range's field compared with now (ISO 8601 UTC text compares as text). */
export function partNow(part: ListPart): RawBuilder<SqlBool> {
  const now = nowIso();
  const rules = part.where.flatMap((range) => {
    const column = sql.ref(range.field);
    return [...(range.from ? [sql<SqlBool>`${column} >= ${now}`] : []), ...(range.before ? [sql<SqlBool>`${column} < ${now}`] : [])];
  });
  return rules.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(rules, sql` and `)})`;
}

/** The date fields a resource's list parts compare with now: the moments at which an item moves between parts. */
export function partBoundaries(resource: Pick<ResourceDescriptor, 'public'>): string[] {
  const parts = resource.public?.list?.parts?.parts ?? [];
  return [...new Set(parts.flatMap((part) => part.where.map((range) => range.field)))];
}
