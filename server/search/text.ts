import snowball from 'snowball-stemmers';
import { RUSSIAN_STOP_WORDS } from './stopwords.js';

/**
 * The words of a text as the search sees them, the same on both databases: lower case, ё read as е, split on
 * anything that is not a letter or a digit. PostgreSQL gets these words to stem; SQLite gets their stems from here.
 */
const WORD = /[\p{L}\p{N}]+/gu;

const russian = snowball.newStemmer('russian');
const english = snowball.newStemmer('english');
const STEM_CACHE_SIZE = 50_000;
const STEMS = new Map<string, string>();

// Plain `toLowerCase` lowers Cyrillic exactly as the Russian locale does, and many times faster than `toLocaleLowerCase`.
export const normalizeWord = (word: string): string => word.toLowerCase().replace(/ё/g, 'е');

/** The normalised words of a text, in order. */
export const wordsOf = (text: string): string[] => Array.from(text.matchAll(WORD), (match) => normalizeWord(match[0]));

/** The words joined by spaces: what PostgreSQL's `to_tsvector('russian', …)` reads. */
export const normalizedText = (text: string): string => wordsOf(text).join(' ');

/**
 * The stem of one normalised word, as PostgreSQL's `russian` configuration stems it (Snowball): Cyrillic words by
 * the Russian stemmer, Latin words by the English one, numbers as they are; stop words have none.
 */
export function stemOf(word: string): string | null {
  if (RUSSIAN_STOP_WORDS.has(word)) return null;
  const known = STEMS.get(word);
  if (known !== undefined) return known;
  const stem = /[а-я]/.test(word) ? russian.stem(word) : /^[a-z]+$/.test(word) ? english.stem(word) : word;
  // Texts repeat their words: a bounded memo makes indexing many records cheap.
  if (STEMS.size >= STEM_CACHE_SIZE) STEMS.clear();
  STEMS.set(word, stem);
  return stem;
}

/** The stems of a text, in order, stop words left out. */
export const stemsOf = (text: string): string[] => wordsOf(text).flatMap((word) => stemOf(word) ?? []);
