import type { Field, Role } from './fields.js';

/**
 * How a resource's writes are addressed:
 * - `verbs`: the specification's POST verbs (`add`, `update/{id}`, `remove/{id}` and the extra verbs);
 * - `rest`: plain REST (`POST`, `PUT /{id}`, `DELETE /{id}`), for resources the specification does not name;
 * - `read-only`: reads only;
 * - `custom`: routes of its own beside the registry (users, whose passwords and roles have rules of their own).
 */
export type ApiStyle = 'verbs' | 'rest' | 'read-only' | 'custom';

/** The groups of the admin's side menu. */
export type MenuGroup = 'content' | 'photobank' | 'site' | 'administration';

/** Verbs beyond add, update and remove, each `POST <verbs path>/<verb>/{id}` without a body. */
export type ExtraVerb = 'fix' | 'unfix' | 'move-up' | 'move-down' | 'move-up-fixed' | 'move-down-fixed' | 'remove-img';

export type FilterType = 'int' | 'text';

export interface ListBehaviour {
  /** Columns `sort` may name; `id` is always allowed and breaks ties. */
  sortable: readonly string[];
  /** Columns the list's search box looks in. */
  searchable: readonly string[];
  /** Columns the list may be filtered on by equality, with the type of their values. */
  filters: Readonly<Record<string, FilterType>>;
  defaultSort: readonly [string, 'ASC' | 'DESC'];
}

/** A record as the search index reads it: its columns by name. */
export type SearchRecord = Readonly<Record<string, unknown>>;

/**
 * What the site's and the admin's full-text search index of a resource: the first of `fields` is the result's
 * title, the others its text (HTML fields are indexed as plain text); `kind` names the kind of item in the
 * results; `url` is where a visitor finds it. Resources with `published` and `public_at` are found publicly only
 * once published and their date has come; the others always.
 */
export interface SearchDeclaration {
  fields: readonly [string, ...string[]];
  kind: string;
  url: (record: SearchRecord) => string;
}

/**
 * A list visitors read (`GET /api/<path>?<filter>=…&page=N`): published items whose `public_at` has come, newest
 * first. Single-file fields are answered as downloads under their original name (`/api/<path>/{id}/<field>`).
 */
export interface PublicRead {
  path: string;
  perPage: number;
  /** Fields the list may be filtered on by equality (choices and integers), each a query parameter. */
  filters: readonly string[];
  /** The fields visitors see besides `id`. */
  fields: readonly string[];
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
  /** Read by visitors as a list of its own (resources with pages of their own read through the content services). */
  public?: PublicRead;
  /**
   * Removal moves the record to the trash (`/api/admin/trash`): it leaves the site at once, may be restored under
   * the same id, and its files stay until the trash is purged.
   */
  trash?: boolean;
  /** Every save keeps the previous version of the record: the edit screen's history, its diff and restore. */
  revisions?: boolean;
  /** The edit screen's «Предпросмотр»: the record's public page through a signed, expiring link. */
  preview?: PreviewDeclaration;
}

/** The public page of a record, which a signed preview link opens even while it is a draft or scheduled. */
export interface PreviewDeclaration {
  path: (record: SearchRecord) => string;
}

/** Declares a resource, keeping its name (for the registry's union of names) and its fields as literal types. */
export const defineResource = <const Name extends string, const Fields extends Readonly<Record<string, Field>>>(
  descriptor: ResourceDescriptor<Name> & { fields: Fields },
): ResourceDescriptor<Name> & { fields: Fields } => descriptor;

/** Whether a role may read and write a resource: MANAGER may do everything, USER what is declared for USER. */
export const roleMayUse = (role: Role, resource: ResourceDescriptor): boolean => role === 'MANAGER' || resource.role === 'USER';

/** Where a resource's POST verbs live. */
export const verbsPathOf = (resource: ResourceDescriptor): string => resource.verbsPath ?? `/api/admin/${resource.name}`;
