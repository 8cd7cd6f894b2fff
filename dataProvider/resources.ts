import {
  isTranslatable,
  isUpload,
  RESOURCES,
  resourceNamed,
  verbsPathOf,
  type ApiStyle,
  type ExtraVerb,
  type ResourceDescriptor,
  type ResourceName,
} from '@lib/resources/index.js';

/**
 * How each admin resource is written, read off its descriptor (docs/admin-api.md). Reads of every resource go to
 * `GET /api/admin/<resource>` (ra-data-simple-rest conventions); writes go where the descriptor's api style says.
 */

export interface FileField {
  /** The record's field (and the multipart part's name). */
  name: string;
  /** Several files may be sent under this name. */
  multiple: boolean;
}

/** What a write of a resource sends: its fields, and its files as multipart parts when it has upload fields. */
export interface WrittenFields {
  /** Multipart form (with the file parts) instead of a JSON body: the resource has upload fields. */
  multipart: boolean;
  /** The record fields the server accepts on add and update, besides the files. */
  fields: readonly string[];
  files: readonly FileField[];
}

export interface VerbResource extends WrittenFields {
  /** Where the POST verbs live: `${base}/add`, `${base}/update/{id}`, `${base}/remove/{id}`… */
  base: string;
  /** Update posts to `${base}/update` with the key inside the body (text pages are addressed by identifier). */
  updateWithoutId: boolean;
  /** Verbs of the move methods: videos move among the fixed ones, photobank entries among their siblings. */
  moveUp?: ExtraVerb;
  moveDown?: ExtraVerb;
  fixable: boolean;
  /** Has `remove-img/{id}`. */
  removableImage: boolean;
}

/**
 * Body fields the server reads beside the declared ones: on a logo's update, which of its stored files to keep
 * (the "keep files" ticks of the logo form), and the library assets added as its files; the server's photobank hook
 * is the only reader.
 */
const EXTRA_BODY_FIELDS: Partial<Record<ResourceName, readonly string[]>> = {
  'photobank-logos': ['keep_file_ids', 'file_assets'],
};

type Registered = (typeof RESOURCES)[number];

function writtenFieldsOf(resource: Registered): WrittenFields {
  const declared = Object.entries(resource.fields);
  const files = declared.flatMap(([name, field]) => (isUpload(field) ? [{ name, multiple: field.kind === 'files' && field.maxFiles > 1 }] : []));
  return {
    multipart: files.length > 0,
    fields: [
      ...declared.filter(([, field]) => !isUpload(field)).map(([name]) => name),
      // A translatable record's versions in the other languages, where the site has them (JSON text in a form).
      ...(isTranslatable(resource) ? ['translations'] : []),
      ...(EXTRA_BODY_FIELDS[resource.name] ?? []),
    ],
    files,
  };
}

function verbResourceOf(resource: Registered): VerbResource {
  const verbs = resource.verbs ?? [];
  return {
    ...writtenFieldsOf(resource),
    base: verbsPathOf(resource),
    updateWithoutId: resource.updateByKey !== undefined,
    moveUp: verbs.find((verb) => verb === 'move-up' || verb === 'move-up-fixed'),
    moveDown: verbs.find((verb) => verb === 'move-down' || verb === 'move-down-fixed'),
    fixable: verbs.includes('fix') && verbs.includes('unfix'),
    removableImage: verbs.includes('remove-img'),
  };
}

const VERB_RESOURCES: ReadonlyMap<string, VerbResource> = new Map(
  RESOURCES.filter((resource) => resource.api === 'verbs').map((resource) => [resource.name, verbResourceOf(resource)]),
);

/** How a resource of the spec's POST verbs is written; undefined for every other resource. */
export const verbResource = (resource: string): VerbResource | undefined => VERB_RESOURCES.get(resource);

const REST_UPLOADS: ReadonlyMap<string, WrittenFields> = new Map(
  RESOURCES.filter((resource) => resource.api !== 'verbs' && resource.api !== 'read-only')
    .map((resource) => [resource.name, writtenFieldsOf(resource)] as const)
    .filter(([, written]) => written.multipart),
);

/**
 * How a plain REST resource with upload fields is written (`POST` and `PUT` as multipart while they send new files,
 * like the verbs); undefined for the REST resources without files, which go to the server as react-admin sends them.
 */
export const restUploads = (resource: string): WrittenFields | undefined => REST_UPLOADS.get(resource);

const REST_REMOVABLE_IMAGES: ReadonlyMap<string, readonly string[]> = new Map(
  RESOURCES.filter((resource) => resource.api === 'rest')
    .map(
      (resource) =>
        [resource.name, Object.entries(resource.fields).flatMap(([name, field]) => (field.kind === 'image' && !field.required ? [name] : []))] as const,
    )
    .filter(([, images]) => images.length > 0),
);

/**
 * The pictures a plain REST resource's `removeImage` empties, its optional ones: its `PUT` with each of them `null`
 * (the verb resources have `remove-img/{id}`). None for every other resource.
 */
export const restRemovableImages = (resource: string): readonly string[] => REST_REMOVABLE_IMAGES.get(resource) ?? [];

/** How a resource is written; a name outside the registry is read only. */
export const apiStyleOf = (resource: string): ApiStyle => resourceNamed(resource)?.api ?? 'read-only';

/** Which of the admin's cached summaries a change of the resource refetches, if any. */
export const refetchGroupOf = (resource: string): ResourceDescriptor['refetch'] => resourceNamed(resource)?.refetch;

/** The resources whose changes refetch the same summaries (the photobank's lists refetch one another). */
export const resourcesRefetching = (group: NonNullable<ResourceDescriptor['refetch']>): readonly ResourceName[] =>
  RESOURCES.filter((resource) => resource.refetch === group).map((resource) => resource.name);

/** The read path of a resource. */
export const ADMIN_API = '/api/admin';
