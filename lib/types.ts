/** Shapes of the public API's answers, shared by the server, the site and the admin. */

export type Flag = 0 | 1;

export interface ImageVariant {
  src: string;
  width: number;
  format: 'webp' | 'avif';
}

/** What a crop is cut for: a card (16:9), a photobank photo (4:3), the social preview (og:image, 1200 × 630). */
export type CropShape = 'card' | 'photo' | 'og';

/** A picture cut to a shape around its focal point: WebP, the social preview a JPEG. */
export interface ImageCrop {
  shape: CropShape;
  src: string;
  width: number;
  height: number;
}

export interface StoredImage {
  src: string;
  width: number;
  height: number;
  variants: ImageVariant[];
  /** The crops around the focal point (absent on pictures stored before crops were cut, and on SVGs). */
  crops?: ImageCrop[];
}

/** A file offered for download, as its column keeps it: the stored key, the original name, bytes and format. */
export interface StoredDocument {
  src: string;
  name: string;
  size: number;
  format: string;
  /** A PDF's: whether it has a text layer (false: a scan screen readers cannot read); missing when not known. */
  text_layer?: boolean;
}

/** A file offered for download under its original name. */
export interface DownloadFile {
  url: string;
  name: string;
  size: number;
  format: string;
}

/** A download as the admin reads it: with whether a PDF has a text layer (false: a scan), when that is known. */
export interface AdminDownloadFile extends DownloadFile {
  text_layer?: boolean;
}

export interface PublicImage extends StoredImage {
  alt: string;
}

export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  pageCount: number;
  total: number;
}

export interface ArticleSummary {
  id: number;
  title: string;
  slug: string;
  lead: string;
  image: PublicImage | null;
  public_at: string;
}

export interface Article extends ArticleSummary {
  content: string;
  seo_title: string;
  seo_description: string;
  views: number;
  /** The moment of its last save (the structured data's `dateModified`). */
  updated_at: string;
}

export interface MediaSource {
  id: number;
  name: string;
  url: string;
  logo: PublicImage | null;
  active: Flag;
}

export interface PressArticle {
  id: number;
  title: string;
  lead: string;
  url: string;
  public_at: string;
  source: Pick<MediaSource, 'id' | 'name' | 'url' | 'logo'> | null;
}

export interface Video {
  id: number;
  title: string;
  lead: string;
  video_url: string;
  preview: PublicImage | null;
  public_at: string;
  fixed: Flag;
  fixed_order: number | null;
}

export type MediaFeedItem = ({ type: 'our' } & ArticleSummary) | ({ type: 'other' } & PressArticle) | ({ type: 'video' } & Video);

export interface MediaOverview {
  ours: Page<ArticleSummary>;
  others: Page<PressArticle>;
  videos: Page<Video>;
  reads: ArticleSummary[];
}

export interface MediaGenerals {
  our: ArticleSummary | null;
  other: PressArticle | null;
  video: Video | null;
}

export const MENU_KINDS = ['main', 'header', 'footer', 'payment'] as const;
export type MenuKind = (typeof MENU_KINDS)[number];

export interface MenuItem {
  id: number;
  parent_id: number | null;
  kind: MenuKind;
  title: string;
  url: string;
  position: number;
  children: MenuItem[];
}

/** A menu link as the site shows it: what the visitor reads and follows, and the links under it. */
export interface MenuLink {
  id: number;
  title: string;
  url: string;
  children: MenuLink[];
}

/** What the layout of every page shows: each menu cut to what it shows, and the social links. */
export interface LayoutData {
  menus: Record<MenuKind, MenuLink[]>;
  networks: NetworkCollection[];
  /** False where a MANAGER turned off the version for the visually impaired; absent while it is offered. */
  lowVision?: false;
}

export interface NetworkCollection {
  id: number;
  title: string;
  url: string;
  icon: string;
  position: number;
}

export interface TextPage {
  id: number;
  identifier: string;
  section: string | null;
  title: string;
  content: string;
  /** The form shown under the text, or null. */
  form: string | null;
  seo_title: string;
  seo_description: string;
  updated_at: string;
}

export interface LogoFile {
  id: number;
  format: string;
  url: string;
  size: number;
}

export interface LogoItemBase {
  id: number;
  title: string;
  position: number;
}

export interface LogoEntry extends LogoItemBase {
  type: 'logo';
  preview: string | null;
  files: LogoFile[];
}

export interface ColourEntry extends LogoItemBase {
  type: 'colour';
  hex: string;
  rgb: string;
  cmyk: string;
  pantone: string;
}

export type LogoItem = LogoEntry | ColourEntry;

export interface Photo {
  id: number;
  title: string;
  image: PublicImage | null;
  size: number;
  position: number;
}

export type PhotobankKind = 'logo' | 'photo';

export interface PhotobankCategory<T> {
  id: number;
  title: string;
  position: number;
  /** The category's first page of items, in order; the rest are read a page at a time. */
  items: T[];
  /** How many items the category holds, and on how many pages. */
  total: number;
  pageCount: number;
}

/** A photobank category as its own page reads it: what it is, in which group, and one page of its items. */
export type PhotobankCategoryPage =
  { kind: 'logo'; category: PhotobankCategoryName; list: Page<LogoItem> } | { kind: 'photo'; category: PhotobankCategoryName; list: Page<Photo> };

export interface PhotobankCategoryName {
  id: number;
  title: string;
  /** The title of its group. */
  group: string;
}

/**
 * One page of the photobank page: the categories of that page (logo categories first, then photo ones, each with its
 * first screen of items) under their groups, and on how many pages all categories are.
 */
export interface PhotobankOverview {
  logos: PhotobankGroup<LogoItem>[];
  photos: PhotobankGroup<Photo>[];
  page: number;
  pageCount: number;
}

export interface PhotobankGroup<T> {
  id: number;
  kind: PhotobankKind;
  title: string;
  position: number;
  categories: PhotobankCategory<T>[];
}
