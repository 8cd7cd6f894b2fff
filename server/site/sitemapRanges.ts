import { sql, type SqlBool } from 'kysely';
import type { PublicPageDeclaration, ResourceDescriptor } from '../../lib/resources/index.js';
import { momentComes, ruleMomentsOf, visibleNow } from '../content/visibility.js';
import { declared } from '../db/declared.js';
import type { Db, Row } from '../resources/hooks.js';

/** A resource whose records have pages of their own, each listed in the sitemap. */
export type PagedResource = ResourceDescriptor & { public: { page: PublicPageDeclaration } };

/**
 * The sitemap's files of a resource are fixed ranges of ids: file n holds the visible records with ids from
 * (n - 1) × size + 1 to n × size, so it never holds more than `size` addresses (fewer when records of the range are
 * hidden or removed), a record's file is known from its id alone, and a file's records are read by a range of the
 * primary key, without numbering the rows before them.
 */
export const fileNumberOf = (id: number, size: number): number => Math.floor((id - 1) / size) + 1;

/** The file's ids, and the visibility rule: the primary key's range comes first, so the index by `(published, id…)` answers it. */
function visibleInFile(resource: PagedResource, size: number, number: number) {
  return sql<SqlBool>`id > ${(number - 1) * size} and id <= ${number * size} and ${visibleNow(resource)}`;
}

const lastChange = (resource: PagedResource) => (resource.timestamps ? sql<string | null>`max(updated_at)` : sql<null>`null`);

export const isoOf = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(String(value)).toISOString());

/** Every file of a resource that holds a visible record, by number, with the last change of its records. */
export async function allFiles(db: Db, resource: PagedResource, size: number): Promise<Map<number, string | null>> {
  const files = await declared(db)
    .selectFrom(resource.table)
    .select([sql<number>`(id - 1) / ${sql.lit(size)}`.as('file'), lastChange(resource).as('lastmod')])
    // `id > 0` names the primary key's column first: without it SQLite reads the rows through the index by
    // `(published, public_at)` instead of answering from the one by `(published, id, public_at, unpublish_at, updated_at)`.
    .where(sql<SqlBool>`id > 0 and ${visibleNow(resource)}`)
    .groupBy('file')
    .execute();
  return new Map(files.map((file) => [Number(file.file) + 1, isoOf(file.lastmod)]));
}

/** One file of a resource: the last change of its visible records, or undefined when it holds none. */
export async function oneFile(db: Db, resource: PagedResource, size: number, number: number): Promise<{ lastmod: string | null } | undefined> {
  const file = await declared(db)
    .selectFrom(resource.table)
    .select([sql<number | null>`max(id)`.as('last_id'), lastChange(resource).as('lastmod')])
    .where(visibleInFile(resource, size, number))
    .executeTakeFirst();
  return file?.last_id === null || file?.last_id === undefined ? undefined : { lastmod: isoOf(file.lastmod) };
}

/** The files holding records that appeared or left on their own in `(after, upTo]`: a scheduled `public_at` or an `unpublish_at` came. */
export async function filesWithDatesBetween(db: Db, resource: PagedResource, size: number, after: string, upTo: string): Promise<Set<number>> {
  const rows = await Promise.all(
    ruleMomentsOf(resource).map((moment) =>
      declared(db)
        .selectFrom(resource.table)
        .select('id')
        .where(momentComes(resource, moment, after, upTo))
        .execute(),
    ),
  );
  return new Set(rows.flat().map((row) => fileNumberOf(Number(row.id), size)));
}

/** What a record's line in the sitemap is made of: the fields of its address and its last change. */
const lineColumns = (resource: PagedResource): string[] => ['id', ...resource.public.page.pathFields, ...(resource.timestamps ? ['updated_at'] : [])];

/** The visible records of one file, by id, with what their lines are made of. */
export async function recordsOfFile(db: Db, resource: PagedResource, size: number, number: number): Promise<Row[]> {
  return (await declared(db)
    .selectFrom(resource.table)
    .select(lineColumns(resource))
    .where(visibleInFile(resource, size, number))
    .orderBy('id')
    .execute()) as Row[];
}
