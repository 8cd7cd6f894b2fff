import type { Generated } from 'kysely';

/** The photobank's tables: groups, categories, logos with their files and colours, photos. */

export interface PhotobankGroupsTable {
  id: Generated<number>;
  kind: 'logo' | 'photo';
  title: string;
  position: number;
}

export interface PhotobankCategoriesTable {
  id: Generated<number>;
  group_id: number;
  title: string;
  position: number;
}

export interface PhotobankLogoItemsTable {
  id: Generated<number>;
  category_id: number;
  type: 'logo' | 'colour';
  title: string;
  position: number;
  /** Preview image path (under uploads) of a logo; null for colours. */
  preview: string | null;
  hex: string;
  rgb: string;
  cmyk: string;
  pantone: string;
}

export interface PhotobankLogoFilesTable {
  id: Generated<number>;
  item_id: number;
  format: string;
  /** Path under the uploads folder. */
  file: string;
  size: number;
  position: number;
}

export interface PhotobankPhotosTable {
  id: Generated<number>;
  category_id: number;
  title: string;
  /** JSON of `StoredImage`. */
  image: string | null;
  image_alt: string;
  size: number;
  position: number;
}
