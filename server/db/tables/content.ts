import type { Generated, Insertable, Selectable } from 'kysely';
import type { CreatedAt, Flag, Timestamp } from './columns.js';

/** The tables of the site's content: articles, press, videos, sources, text pages, menus, networks. */

interface ArticleColumns {
  id: Generated<number>;
  title: string;
  slug: string;
  lead: string;
  content: string;
  /** JSON of `StoredImage` (lib/types.ts), or null. */
  image: string | null;
  image_alt: string;
  public_at: Timestamp;
  /** When the record leaves the site; null when it stays. */
  unpublish_at: Timestamp | null;
  published: Flag;
  seo_title: string;
  seo_description: string;
  views: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type NewsTable = ArticleColumns;
export type MediaOurTable = ArticleColumns;

export interface MediaSourcesTable {
  id: Generated<number>;
  name: string;
  url: string;
  logo: string | null;
  active: Flag;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface MediaOtherTable {
  id: Generated<number>;
  title: string;
  lead: string;
  url: string;
  source_id: number | null;
  public_at: Timestamp;
  /** When the record leaves the site; null when it stays. */
  unpublish_at: Timestamp | null;
  published: Flag;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface MediaVideoTable {
  id: Generated<number>;
  title: string;
  lead: string;
  video_url: string;
  /** JSON of `StoredImage`, or null. */
  preview: string | null;
  public_at: Timestamp;
  /** When the record leaves the site; null when it stays. */
  unpublish_at: Timestamp | null;
  published: Flag;
  fixed: Flag;
  /** 1, 2, 3… among fixed videos; null when not fixed. */
  fixed_order: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TextPagesTable {
  id: Generated<number>;
  identifier: string;
  /** `investoram` for investor pages, null for the others. */
  section: string | null;
  title: string;
  content: string;
  /** A form shown under the text (`enquiry`), or null. */
  form: string | null;
  seo_title: string;
  seo_description: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface MenuItemsTable {
  id: Generated<number>;
  parent_id: number | null;
  kind: 'main' | 'header' | 'footer' | 'payment';
  title: string;
  url: string;
  position: number;
}

export interface NetworkCollectionsTable {
  id: Generated<number>;
  title: string;
  url: string;
  icon: string;
  position: number;
}

export type ArticleRow = Selectable<ArticleColumns>;
export type NewArticle = Insertable<ArticleColumns>;
export type MediaSourceRow = Selectable<MediaSourcesTable>;
export type MediaVideoRow = Selectable<MediaVideoTable>;
export type TextPageRow = Selectable<TextPagesTable>;
export type MenuItemRow = Selectable<MenuItemsTable>;

/** An old address of the site and where it leads now (server/redirects/). */
export interface RedirectsTable {
  id: Generated<number>;
  from_path: string;
  to_path: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
