import { slugify } from 'transliteration';
import { trimEndOf } from './format.js';

const SLUG_MAX = 120;

/**
 * A URL slug from a Russian title: transliterated, lower case, words joined by hyphens, at most 120 characters.
 * Only `a-z`, `0-9` and single hyphens remain (no dots, underscores or tildes), so a title like `img bomb.png`
 * never makes a slug that looks like a file name.
 */
export function slugFromTitle(title: string): string {
  const slug = slugify(title, { lowercase: true, separator: '-', trim: true, allowedChars: 'a-zA-Z0-9' })
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX);
  return trimEndOf(slug, '-');
}
