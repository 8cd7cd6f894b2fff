/** Page sizes of every public list, in one place. Documented in docs/api.md. */
export const PAGE_SIZES = {
  news: 9,
  newsMain: 3,
  mediaOur: 9,
  mediaOther: 10,
  mediaVideo: 6,
  mediaMain: 4,
  manyReads: 5,
  /** A photobank category's first screen on the photobank page, and one page of the category's own page. */
  photobankCategory: 12,
  /** Categories on one page of the photobank page (each with its first screen of items), logos first. */
  photobankCategories: 4,
} as const;

export type PagedListKind = keyof typeof PAGE_SIZES;

/** The message of the 404 answered to a page value that is not a whole number of at least 1. */
export const PAGE_NOT_FOUND_MESSAGE = 'Page not found.';

/**
 * Reads a `page`-style query value: absent means page 1; a whole number of at least 1 is that page;
 * anything else (letters, fractions, zero, negatives, repeated parameters) is `null`, which callers answer with 404.
 */
export function parsePageParam(value: unknown): number | null {
  if (value === undefined || value === '') return 1;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 ? page : null;
}

export function pageCountOf(total: number, perPage: number): number {
  return Math.ceil(total / perPage);
}
