import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns.js';

/** The media library's tables: folders, assets, the files each asset names, and where each asset is used. */

export interface AssetFoldersTable {
  id: Generated<number>;
  /** Null: the library's root. */
  parent_id: number | null;
  name: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AssetsTable {
  id: Generated<number>;
  /** Null: the library's root. */
  folder_id: number | null;
  kind: 'image' | 'document';
  /** A `FileFormat` of lib/resources (`jpeg`, `png`, `svg`, `pdf`…). */
  format: string;
  name: string;
  alt: Generated<string>;
  caption: Generated<string>;
  size: number;
  width: number | null;
  height: number | null;
  focal_x: Generated<number>;
  focal_y: Generated<number>;
  /** The SHA-256 (hex) of the bytes as uploaded; for uploads made before the library, of the stored file. */
  sha256: string;
  /** A raster image's `StoredImage` JSON (with its variants), else the stored file's key. */
  file: string;
  /** The file before the last replacement, to undo it: a `PreviousFile` JSON (server/assets/previous.ts), or null. */
  previous_file: string | null;
  /** A PDF's text layer: 1 it has one, 0 a scan without one, null no PDF or not known (server/files/pdfText.ts). */
  text_layer: number | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Every stored file an asset names, one row each: what record writes and the trash must never remove. */
export interface AssetFilesTable {
  key: string;
  asset_id: number;
}

/** One use of an asset: a record's field (a cover, a document, rich text, a photobank photo or logo file). */
export interface AssetUsesTable {
  asset_id: number;
  resource: string;
  record_id: number;
  field: string;
}

/** The words of each asset's name and alt text, for the library's search box (`server/records/words.ts`). */
export interface AssetWordsTable {
  word: string;
  record_id: number;
}
