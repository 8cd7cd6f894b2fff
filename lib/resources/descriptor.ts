import type { Field, Role } from './fields.js';
import type { ListPartRange } from './ranges.js';
import { descriptorProblems } from './descriptorRules.js';

/**
 * How a resource's writes are addressed:
 * - `verbs`: the specification's POST verbs (`add`, `update/{id}`, `remove/{id}` and the extra verbs);
 * - `rest`: plain REST (`POST`, `PUT /{id}`, `DELETE /{id}`), for resources the specification does not name; files
 *   come as multipart parts (or as library assets, `{ "asset": id }`), and an optional one sent as `null` (an empty
 *   part in a form) is removed;
 * - `read-only`: reads only;
 * - `update`: reads and `PUT /{id}` of the declared fields, for records that come from elsewhere (visitors'
 *   enquiries), which staff only annotate: no add and no removal from the admin;
 * - `custom`: routes of its own beside the registry (users, whose passwords and roles have rules of their own).
 */
export type ApiStyle = 'verbs' | 'rest' | 'read-only' | 'update' | 'custom';

/** The groups of the admin's side menu. */
export type MenuGroup = 'content' | 'photobank' | 'media' | 'site' | 'administration';

/**
 * Verbs beyond add, update and remove, each `POST <verbs path>/<verb>/{id}` without a body: the specification's, so
 * only a resource of `api: 'verbs'` has them. A plain REST resource has none: its `PUT` removes an image (or a single
 * file) sent as `null`.
 */
export type ExtraVerb = 'fix' | 'unfix' | 'move-up' | 'move-down' | 'move-up-fixed' | 'move-down-fixed' | 'remove-img';

export type FilterType = 'int' | 'text';

/** One bound of a range filter: the column it compares and which end of the range it is (both inclusive). */
export interface ListRange {
  column: string;
  bound: 'from' | 'to';
}

/** A referenced table whose matching rows' ids the search box also looks for in `column` (an asset's folder name). */
export interface ListSearchReference {
  column: string;
  table: string;
  searchable: readonly string[];
}

/** How a list's search box reads its `searchable` columns (`ListBehaviour.searchIn`). */
export type ListSearchIn = 'rows' | 'values' | { words: string };

export interface ListBehaviour {
  /** Columns `sort` may name; `id` is always allowed and breaks ties. */
  sortable: readonly string[];
  /** Columns the list's search box looks in. */
  searchable: readonly string[];
  /**
   * How the search box reads `searchable` when the resource is not in the search index: `rows` (the default) looks
   * into every row's values; `values` looks among each column's distinct values first, then takes the rows holding
   * the matching ones through the column's index, for a large table whose searched columns repeat a few values;
   * `{ words: table }` finds the records of which every word of the query begins a word of those columns, through a
   * table of their words that the server keeps (a large table of names, the media library).
   */
  searchIn?: ListSearchIn;
  /** Columns the list may be filtered on by equality, with the type of their values. */
  filters: Readonly<Record<string, FilterType>>;
  /** Filters on a range of a column, each bound its own key (`created_from` → `created_at >= value`), ISO dates. */
  ranges?: Readonly<Record<string, ListRange>>;
  /** The search box also finds rows whose reference column names a row of another table that matches there. */
  searchReferences?: readonly ListSearchReference[];
  defaultSort: readonly [string, 'ASC' | 'DESC'];
  /**
   * What a list row carries besides `id`: the columns the list shows, what its row actions and the record's name
   * need, and `version` where the table has one (the `If-Match` of removals and verbs). Never rich text: a row stays
   * small whatever the record holds, and the edit screen reads the whole record.
   */
  columns: readonly string[];
}

/** A record as the search index reads it: its columns by name. */
export type SearchRecord = Readonly<Record<string, unknown>>;

/**
 * What the site's and the admin's full-text search index of a resource: the first of `fields` is the result's
 * title, the others its text (HTML fields are indexed as plain text); `kind` names the kind of item in the
 * results; `url` is where a visitor finds it. Resources with `published` and `public_at` are found publicly only
 * once published and their date has come, and no longer once their `unpublish_at` (when declared and set) has come;
 * the others always.
 */
export interface SearchDeclaration {
  fields: readonly [string, ...string[]];
  kind: string;
  /** The kind in the site's other languages, for their results («News»). */
  kindIn?: Readonly<Record<'en', string>>;
  /** Absent: the record's public page. */
  url?: (record: SearchRecord) => string;
  /**
   * The date field a result shows (and ties in relevance are ordered by, newest first): an event's start, say.
   * Absent: `public_at` where declared, else the record's last change.
   */
  date?: string;
}

/** One named part of a list (`upcoming`, `past`): the items its ranges keep, in its own order. */
export interface ListPart {
  /** The value of the list's part parameter that picks it. */
  name: string;
  /** Conditions that all hold (AND) for an item of the part. */
  where: readonly ListPartRange[];
  order: readonly (readonly [string, 'asc' | 'desc'])[];
}

/**
 * A list read in parts, one at a time: the query parameter `param` picks one by name (`?period=past`), the first part
 * being read when it is absent; a name that is no part is a 400 in the JSON list and a 404 on the page, whose
 * `ListPage` shows the parts as chips. Its feeds (RSS, iCalendar) hold the first part.
 */
export interface ListParts {
  param: string;
  parts: readonly [ListPart, ...ListPart[]];
}

/** A visitor's list of a resource: its page on the site, and with `api` its JSON at `GET /api/<api>?<filter>=…&page=N`. */
export interface PublicListDeclaration {
  /** The list's page on the site (in the sitemap). */
  path?: string;
  /** The JSON address under `/api/`; single-file fields are answered as downloads under their original name there. */
  api?: string;
  perPage: number;
  /** Fields the list may be filtered on by equality (choices, integers and short texts), each a query parameter. */
  filters: readonly string[];
  /** What a list item shows besides `id`: declared fields, `views`, `created_at`, `updated_at`. */
  fields: readonly string[];
  /** The order visitors see, `id` breaking ties the way the last key goes; newest first (`public_at`) when absent. */
  order?: readonly (readonly [string, 'asc' | 'desc'])[];
  /** Parts visitors read one at a time, each with its conditions relative to now and its own order (instead of `order`). */
  parts?: ListParts;
}

/** A page per record: found by its `key` field (and by id with `byId`), listed in the sitemap, opened by preview links. */
export interface PublicPageDeclaration {
  key: string;
  byId?: boolean;
  /** The record's address on the site. */
  path: (record: SearchRecord) => string;
  /** The fields `path` reads, so that lists of addresses (the sitemap) read only those. */
  pathFields: readonly string[];
  /** What the page shows besides `id`, as in a list. */
  fields: readonly string[];
  /** Opening the page counts a read (`views`, which the page then shows). */
  countsViews?: boolean;
  /**
   * In another language, a record without a version in it is shown in Russian, marked `inRussian` (the page says so),
   * instead of being a 404: for pages a visitor expects in every language (about the company, contacts).
   */
  russianFallback?: boolean;
}

/**
 * An iCalendar feed (RFC 5545) of a list's records as events, for calendar apps: at `path` the list's first part (the
 * upcoming events), and for each record with a page its own one-event file at `path` without `.ics`, then
 * `/<page key>.ics` («Добавить в календарь»). The other keys name the fields each event takes its values from.
 */
export interface ICalendarDeclaration {
  path: `${string}.ics`;
  /** The calendar's name in calendar apps. */
  name: string;
  start: string;
  end?: string;
  summary: string;
  /** An HTML field, given as plain text (in the one-event files; in the feed when the list shows it). */
  description?: string;
  location?: string;
}

/**
 * An RSS 2.0 feed of a resource's public list, at `path` and in each other language of the site under its prefix
 * (`/en/rss.xml`): the list's first items in its order (newest first unless declared otherwise; of a list in parts,
 * its first part in that part's order), each linking its page, its `pubDate` the item's `public_at` (which the list's
 * `fields` must then name; a resource without `public_at` gives its items none). Its list's page announces it
 * (`<link rel="alternate" type="application/rss+xml">`, written by the public pages' shared head), every page of the
 * site with `everyPage`.
 */
export interface FeedDeclaration {
  path: `/${string}`;
  /** The channel's name in each language, before « | brand». */
  name: Readonly<{ ru: string; en: string }>;
  /** The channel's description in a language (`{brand}` stands for the brand); the site's description where absent. */
  description?: Readonly<Partial<{ ru: string; en: string }>>;
  /** The list field an item is titled by, and the plain-text list field its description shows, if any. */
  itemTitle: string;
  summary?: string;
  everyPage?: boolean;
}

/** What visitors read of a resource; the one generic read serves both parts (visibility, paging, the page cache). */
export interface PublicDeclaration {
  list?: PublicListDeclaration;
  page?: PublicPageDeclaration;
  /** Needs both a list (its items, newest first) and a page per record (where an item leads). */
  feed?: FeedDeclaration;
  /** Needs a list with parts (its first part: the upcoming events). */
  icalendar?: ICalendarDeclaration;
}

/** The address and key of a record's page from a pattern such as `/news/{slug}`. */
export function pageAt<const Key extends string>(pattern: `${string}{${Key}}`): Pick<PublicPageDeclaration, 'key' | 'path' | 'pathFields'> & { key: Key } {
  const key = /\{(\w+)\}$/.exec(pattern)?.[1];
  if (!key) throw new Error(`${pattern}: a page pattern ends with {field}`);
  const prefix = pattern.slice(0, -key.length - 2);
  return { key: key as Key, path: (record) => `${prefix}${String(record[key])}`, pathFields: [key] };
}

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';

/** A time of day on a 24-hour clock, `HH:MM` (`09:30`, `21:00`). */
export type TimeOfDay =
  `${'0' | '1'}${Digit}:${'0' | '1' | '2' | '3' | '4' | '5'}${Digit}` | `2${'0' | '1' | '2' | '3'}:${'0' | '1' | '2' | '3' | '4' | '5'}${Digit}`;

/**
 * A demo date relative to the moment the demo content is seeded, so that the demo never ages: `daysFromNow` days
 * after the seeding day (negative: before it) at `at` on Moscow's clock, the site's time zone; at Moscow's midnight
 * when `at` is absent (an event that takes the whole day). `{ daysFromNow: 30, at: '10:00' }` seeded on 1 March is
 * 31 March, 10:00 Moscow time (07:00 UTC); `{ daysFromNow: -90 }` is Moscow's midnight 90 days before the seeding day.
 */
export interface DemoMoment {
  daysFromNow: number;
  at?: TimeOfDay;
}

/** A value of a demo record: a declared field's value, or for a date field a moment relative to the seeding. */
export type DemoValue = string | number | null | DemoMoment;

/**
 * Example records the demo content starts with (values of declared fields; slugs, dates and flags are filled in:
 * a required date left out is a day earlier for each record, from the seeding moment back), and the title of the
 * footer menu's link to the resource's list, if it has one. Every date a list reads relative to now (an event's
 * start) is given relative to the seeding (`DemoMoment`), never as a fixed date that would one day be past.
 */
export interface DemoDeclaration {
  records: readonly Readonly<Record<string, DemoValue>>[];
  footerLink?: { title: string; url: string };
}

export interface ResourceDescriptor<Name extends string = string> {
  /** The name in admin URLs (`/api/admin/<name>`) and in react-admin. */
  name: Name;
  table: string;
  /** The least role that may read and write it; MANAGER may do everything. */
  role: Role;
  api: ApiStyle;
  /** Where the POST verbs live when not under `/api/admin/<name>` (the photobank's `/api/admin/photobank/logo`). */
  verbsPath?: string;
  /** The fields a write accepts, with their rules. */
  fields: Readonly<Record<string, Field>>;
  list: ListBehaviour;
  /** Extra POST verbs (`api: 'verbs'` only: any other style declaring one is refused when the resource is defined). */
  verbs?: readonly ExtraVerb[];
  /** The table has `created_at` and `updated_at`, set by every write. */
  timestamps?: boolean;
  /** Rows kept in order (`position`) within the rows sharing `scope`: add appends, remove closes the gap. */
  ordered?: { scope: string };
  /**
   * Update names the record by the `key` field in the body (`<verbs path>/update`) instead of an id in the path;
   * `required` fields must be sent with it.
   */
  updateByKey?: { key: string; required: readonly string[] };
  /** Its changes refetch the media section's summaries (spec: generals and reads) or the photobank's groups. */
  refetch?: 'media-summary' | 'photobank';
  menu: MenuGroup;
  /** Found by the site's and the admin's search. */
  search?: SearchDeclaration;
  /** What visitors read: a list, a page per record (with preview and sitemap), or both. */
  public?: PublicDeclaration;
  demo?: DemoDeclaration;
  /**
   * Removal moves the record to the trash (`/api/admin/trash`): it leaves the site at once, may be restored under
   * the same id, and its files stay until the trash is purged.
   */
  trash?: boolean;
  /** Every save keeps the previous version of the record: the edit screen's history, its diff and restore. */
  revisions?: boolean;
  /**
   * Content edited beside its live version: a draft is saved without touching what visitors see, shown with its diff
   * and published (at once or at a chosen time) or discarded; a MANAGER may require review of the resource's drafts.
   */
  drafts?: boolean;
}

/**
 * Declares a resource, keeping its whole declaration as literal types: its name (for the registry's union of
 * names), its fields and its public part, from which the types of its table and of its public records follow. A
 * declaration with a mistake the types cannot catch (`descriptorRules.ts`) throws, naming the resource and each
 * mistake, when its module is loaded: the server does not start on it.
 */
export function defineResource<const Declaration extends ResourceDescriptor>(descriptor: Declaration): ResourceDescriptor<Declaration['name']> & Declaration {
  const problems = descriptorProblems(descriptor);
  if (problems.length > 0) throw new Error(`The resource ${descriptor.name} is declared wrongly: ${problems.join('; ')}.`);
  return descriptor;
}

/** Whether a role may read and write a resource: MANAGER may do everything, USER what is declared for USER. */
export const roleMayUse = (role: Role, resource: ResourceDescriptor): boolean => role === 'MANAGER' || resource.role === 'USER';

/** Where a resource's POST verbs live. */
export const verbsPathOf = (resource: ResourceDescriptor): string => resource.verbsPath ?? `/api/admin/${resource.name}`;
