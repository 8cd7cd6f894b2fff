import { slugify } from 'transliteration';

/** A URL slug from a Russian title: transliterated, lower case, words joined by hyphens, at most 120 characters. */
export function slugFromTitle(title: string): string {
  return slugify(title, { lowercase: true, separator: '-', trim: true }).slice(0, 120).replace(/-+$/, '');
}
