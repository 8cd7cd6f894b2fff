import type { Locale } from '@lib/locales.js';
import type { PublicImage } from '@lib/types.js';

/** What a page tells the document head: every `+data.ts` returns it as `meta`. */
export interface PageMeta {
  /** The page's own title, without the page suffix and the brand. */
  title: string;
  /** The list page number, for the ` - страница N` suffix. */
  page?: number;
  description?: string;
  /** Path (with `?page=N` from page 2) of the canonical address. */
  canonicalPath: string;
  ogType?: 'website' | 'article';
  image?: PublicImage | null;
  /** Structured data (JSON-LD) for the page. */
  jsonLd?: Record<string, unknown>;
  /**
   * Where the site has several languages: the page's path in each of them, without the language prefix (null where
   * it has no version); absent, the same path in every language the page exists in.
   */
  translatedPaths?: Partial<Record<Locale, string | null>>;
  /** Where the language switch leads when the page has no version in the other language: its section's list, or itself. */
  sectionPath?: string;
  /** The language of the canonical address when it is not the page's own (a page shown in Russian under `/en/`). */
  canonicalLocale?: Locale;
}

export interface WithMeta {
  meta: PageMeta;
}

/** What og:image shows of a page's picture: its 1200 × 630 crop around the focal point, else the picture itself. */
export function socialImageOf(image: PublicImage): { src: string; width: number; height: number } {
  return image.crops?.find((crop) => crop.shape === 'og') ?? image;
}

/** The page's `meta` when its data has one (error pages have none). */
export function metaOf(data: unknown): PageMeta | null {
  if (typeof data === 'object' && data !== null && 'meta' in data) return (data as WithMeta).meta;
  return null;
}

/** The address of a list page with its picked filters (page 1 has no `page`). */
export function listHref(path: string, chosen: Readonly<Record<string, string>> = {}, page = 1): string {
  const query = new URLSearchParams(Object.entries(chosen));
  if (page >= 2) query.set('page', String(page));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
