import type { Locale } from '../../lib/locales.js';

/**
 * PostgreSQL's text search configuration of a language's entries and queries: `russian` (which stems Latin words
 * as English too) for Russian, `english` for English. SQLite gets the stems from text.ts, the same for both: Cyrillic
 * words by the Russian stemmer, Latin words by the English one.
 */
export const searchConfiguration = (locale: Locale | undefined): 'russian' | 'english' => (locale === 'en' ? 'english' : 'russian');
