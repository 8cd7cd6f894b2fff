/**
 * How each admin resource is written (docs/admin-api.md). Reads of every resource go to
 * `GET /api/admin/<resource>` (ra-data-simple-rest conventions); writes go to the spec's POST verbs under `base`.
 */

export interface FileField {
  /** The record's field (and the multipart part's name). */
  name: string;
  /** Several files may be sent under this name. */
  multiple?: boolean;
}

export interface VerbResource {
  /** Where the POST verbs live: `${base}/add`, `${base}/update/{id}`, `${base}/remove/{id}`… */
  base: string;
  /** Multipart form (with the file parts) instead of a JSON body. */
  multipart: boolean;
  /** The record fields the server accepts on add and update, besides the files. */
  fields: readonly string[];
  files?: readonly FileField[];
  /** Update posts to `${base}/update` with the id inside the body (text pages are addressed by identifier). */
  updateWithoutId?: boolean;
  /** Verbs of the move methods: videos move among the fixed ones, photobank entries among their siblings. */
  moveUp?: string;
  moveDown?: string;
  fixable?: boolean;
  /** Has `remove-img/{id}`. */
  removableImage?: boolean;
}

const ARTICLE_FIELDS = [
  'title',
  'slug',
  'lead',
  'content',
  'image_alt',
  'public_at',
  'published',
  'seo_title',
  'seo_description',
] as const;

export const VERB_RESOURCES: Readonly<Record<string, VerbResource>> = {
  news: {
    base: '/api/admin/news',
    multipart: true,
    fields: ARTICLE_FIELDS,
    files: [{ name: 'image' }],
    removableImage: true,
  },
  'media-our': {
    base: '/api/admin/media-our',
    multipart: true,
    fields: ARTICLE_FIELDS,
    files: [{ name: 'image' }],
    removableImage: true,
  },
  'media-other': {
    base: '/api/admin/media-other',
    multipart: false,
    fields: ['title', 'lead', 'url', 'source_id', 'public_at', 'published'],
  },
  'media-video': {
    base: '/api/admin/media-video',
    multipart: false,
    fields: ['title', 'lead', 'video_url', 'public_at', 'published'],
    fixable: true,
    moveUp: 'move-up-fixed',
    moveDown: 'move-down-fixed',
  },
  'media-source': {
    base: '/api/admin/media-source',
    multipart: true,
    fields: ['name', 'url', 'active'],
    files: [{ name: 'logo' }],
  },
  'text-pages': {
    base: '/api/admin/text-pages',
    multipart: false,
    fields: ['identifier', 'section', 'title', 'content', 'seo_title', 'seo_description'],
    updateWithoutId: true,
  },
  'photobank-categories': {
    base: '/api/admin/photobank/category',
    multipart: false,
    fields: ['group_id', 'title'],
    moveUp: 'move-up',
    moveDown: 'move-down',
  },
  'photobank-logos': {
    base: '/api/admin/photobank/logo',
    multipart: true,
    fields: ['category_id', 'type', 'title', 'hex', 'rgb', 'cmyk', 'pantone', 'keep_file_ids'],
    files: [{ name: 'files', multiple: true }],
    moveUp: 'move-up',
    moveDown: 'move-down',
  },
  'photobank-photos': {
    base: '/api/admin/photobank/photo',
    multipart: true,
    fields: ['category_id', 'title', 'image_alt'],
    files: [{ name: 'image' }],
    moveUp: 'move-up',
    moveDown: 'move-down',
  },
};

/** Read-only resources served by the admin reads; writes are refused by the dataProvider. */
export const READ_ONLY_RESOURCES: readonly string[] = ['photobank-groups', 'audit-log'];

/** Plain REST resources (GET/POST/PUT/DELETE), served to ra-data-simple-rest as they are. */
export const PLAIN_REST_RESOURCES: readonly string[] = ['users', 'menus', 'network-collections'];

/** Resources only a MANAGER may open (docs/admin-api.md, Roles). */
export const MANAGER_ONLY_RESOURCES: readonly string[] = [
  'media-source',
  'text-pages',
  'menus',
  'network-collections',
  'users',
  'audit-log',
];

/** Resources whose add or edit changes the media section's generals and most-read lists (spec §4). */
export const MEDIA_SUMMARY_RESOURCES: readonly string[] = ['news', 'media-our', 'media-other', 'media-video'];

/** Resources of the photobank: any change refetches the groups (spec §4). */
export const PHOTOBANK_RESOURCES: readonly string[] = [
  'photobank-groups',
  'photobank-categories',
  'photobank-logos',
  'photobank-photos',
];

/** The read path of a resource. */
export const ADMIN_API = '/api/admin';
