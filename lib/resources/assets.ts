import { defineResource } from './descriptor.js';
import { requiredText, text } from './fields.js';

/** What a library asset is: a picture (SVG logos included, `format: 'svg'`) or a document to download. */
export const ASSET_KINDS = [
  { id: 'image', name: 'Изображение' },
  { id: 'document', name: 'Документ' },
] as const;

export type AssetKind = (typeof ASSET_KINDS)[number]['id'];

/** One record that uses an asset, with the admin route that opens it (`/news/12`). */
export interface AssetUse {
  resource: string;
  record_id: number;
  field: string;
  title: string;
  admin_path: string;
  /** Whether visitors see the record now (published, its moment come, not withdrawn). */
  published: boolean;
}

/**
 * The media library: every image and document uploaded once, kept in folders, with the alt text and caption its
 * uses start from. A record's picture or file names its asset's stored files; the library keeps where each asset
 * is used. Uploads, moves, replacing the file and removal have routes of their own; the generic update edits the
 * declared fields (and the focal point).
 */
export const assets = defineResource({
  name: 'assets',
  table: 'assets',
  role: 'USER',
  api: 'update',
  timestamps: true,
  fields: {
    name: requiredText(300),
    alt: text(300),
    caption: text(1000, { multiline: true }),
    folder_id: { kind: 'reference', resource: 'asset-folders', missing: 'Такой папки нет.' },
  },
  list: {
    sortable: ['created_at', 'name', 'size'],
    searchable: ['name', 'alt'],
    searchIn: { words: 'asset_words' },
    filters: { folder_id: 'int', kind: 'text', format: 'text' },
    ranges: { created_from: { column: 'created_at', bound: 'from' }, created_to: { column: 'created_at', bound: 'to' } },
    searchReferences: [{ column: 'folder_id', table: 'asset_folders', searchable: ['name'] }],
    defaultSort: ['created_at', 'DESC'],
    columns: [
      'folder_id',
      'kind',
      'format',
      'name',
      'alt',
      'caption',
      'size',
      'width',
      'height',
      'focal_x',
      'focal_y',
      'file',
      'created_at',
      'updated_at',
      'version',
    ],
  },
  menu: 'media',
  trash: true,
});

/** The library's folders, nested without limit; names are unique among a folder's children. */
export const assetFolders = defineResource({
  name: 'asset-folders',
  table: 'asset_folders',
  role: 'USER',
  api: 'rest',
  timestamps: true,
  fields: {
    name: requiredText(200),
    parent_id: { kind: 'reference', resource: 'asset-folders', missing: 'Такой папки нет.' },
  },
  list: {
    sortable: ['name', 'created_at'],
    searchable: ['name'],
    filters: { parent_id: 'int' },
    defaultSort: ['name', 'ASC'],
    columns: ['name', 'parent_id', 'created_at', 'updated_at', 'version'],
  },
  menu: 'media',
});
