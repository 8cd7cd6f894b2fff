import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ResourceDescriptor } from '../../lib/resources/index.js';

export const nowIso = (): string => new Date().toISOString();

type Declared = Pick<ResourceDescriptor, 'fields'>;

/** The columns the rule below reads, those the resource has. */
export const visibilityColumns = (resource: Declared): string[] => ['published', 'public_at', 'unpublish_at'].filter((column) => column in resource.fields);

/**
 * What visitors may see: a record is public once published (when its resource has the flag), once its
 * `public_at` has come (when it has one) and until its `unpublish_at` comes (when it has one and it is set);
 * drafts, scheduled and withdrawn records stay in the admin. Every public read, the sitemap and the search apply
 * this one rule.
 */
export function visibleNow(resource: Declared): RawBuilder<SqlBool> {
  const now = nowIso();
  const rules: RawBuilder<SqlBool>[] = [];
  if ('published' in resource.fields) rules.push(sql<SqlBool>`published = 1`);
  if ('public_at' in resource.fields) rules.push(sql<SqlBool>`public_at <= ${now}`);
  if ('unpublish_at' in resource.fields) rules.push(sql<SqlBool>`(unpublish_at is null or unpublish_at > ${now})`);
  return rules.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(rules, sql` and `)})`;
}

/**
 * The same rule over one row, at `at` (ISO 8601 UTC, as timestamps are stored, so they compare as text): published
 * when the resource has the flag, `public_at` come when it has one, and `unpublish_at` not yet come when it declares
 * one. For a write deciding whom to tell about a page; reads apply the rule in SQL.
 */
export function isVisibleAt(resource: Declared, row: Readonly<Record<string, unknown>>, at: string): boolean {
  if ('published' in resource.fields && Number(row.published) !== 1) return false;
  if ('public_at' in resource.fields && !(typeof row.public_at === 'string' && row.public_at <= at)) return false;
  if ('unpublish_at' in resource.fields && typeof row.unpublish_at === 'string' && row.unpublish_at <= at) return false;
  return true;
}

/** The dated fields of the rule: the moments at which a row may appear or leave without a write. */
const RULE_MOMENTS = ['public_at', 'unpublish_at'] as const;
export type RuleMoment = (typeof RULE_MOMENTS)[number];

/** The dated fields of the rule a resource declares. */
export const ruleMomentsOf = (resource: Declared): RuleMoment[] => RULE_MOMENTS.filter((name) => name in resource.fields);

/**
 * Rows whose `moment` comes after `after` (and by `upTo` when given): those whose visibility may change then, as a
 * condition the date's own index answers. A `public_at` counts for published rows (when the resource has the flag),
 * read through the index by `(published, public_at)`; an `unpublish_at` for every row, through its index alone: the
 * flag beside it would make SQLite read every published row through the flag's index, and a draft's date, read for
 * nothing, is rare. Any other date (where an item moves between a list's parts) counts, like `public_at`, for
 * published rows, read through its part's index.
 */
export function momentComes(resource: Declared, moment: string, after: string, upTo?: string): RawBuilder<SqlBool> {
  const column = sql.ref(moment);
  const rules: RawBuilder<SqlBool>[] = [sql<SqlBool>`${column} > ${after}`];
  if (upTo !== undefined) rules.push(sql<SqlBool>`${column} <= ${upTo}`);
  if (moment !== 'unpublish_at' && 'published' in resource.fields) rules.unshift(sql<SqlBool>`published = 1`);
  return sql<SqlBool>`(${sql.join(rules, sql` and `)})`;
}

/** The moments after `at` at which the rule's answer for the row changes without a write (a scheduled item's `public_at`). */
export function visibilityChangesAfter(resource: Declared, row: Readonly<Record<string, unknown>>, at: string): string[] {
  const moments = ruleMomentsOf(resource)
    .flatMap((name) => {
      const moment = row[name];
      return typeof moment === 'string' && moment > at ? [moment] : [];
    })
    .sort();
  let visible = isVisibleAt(resource, row, at);
  return moments.filter((moment) => {
    const then = isVisibleAt(resource, row, moment);
    const changed = then !== visible;
    visible = then;
    return changed;
  });
}

/** The same rule, except for the one record a preview link opened: it is shown even as a draft, scheduled or withdrawn. */
export function visibleNowOrPreviewed(resource: Declared, previewedId: number | null): RawBuilder<SqlBool> {
  return previewedId === null ? visibleNow(resource) : sql<SqlBool>`(id = ${previewedId} or ${visibleNow(resource)})`;
}

/**
 * The same rule over the search index's copies of the three columns (`alias` names the index table): a record
 * without the flag is indexed as published, one without a date with none.
 */
export function indexedVisibleNow(alias: string): RawBuilder<SqlBool> {
  const now = nowIso();
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<SqlBool>`${column('published')} = 1 and (${column('public_at')} is null or ${column('public_at')} <= ${now}) and (${column('unpublish_at')} is null or ${column('unpublish_at')} > ${now})`;
}
