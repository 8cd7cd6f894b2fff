import type { Kysely } from 'kysely';
import type { ContentServices } from '../../lib/content.js';
import { DEFAULT_LOCALE, type Locale } from '../../lib/locales.js';
import { textPages } from '../../lib/resources/site.js';
import type { TextPage } from '../../lib/types.js';
import type { Database } from '../db/schema.js';
import { translatedIn, withTranslatedValues } from '../translations/publicReads.js';

/** A section's text pages (the root's: `null`); in another language than Russian only those translated into it, in its words. */
export function createTextPagesService(db: Kysely<Database>, locale: Locale = DEFAULT_LOCALE): ContentServices['textPages'] {
  const english = locale !== DEFAULT_LOCALE ? locale : null;
  return {
    async list(section) {
      const all = db.selectFrom('text_pages').select(['id', 'identifier', 'section', 'title', 'content', 'form', 'seo_title', 'seo_description', 'updated_at']);
      const query = english ? all.where(translatedIn(textPages, english)) : all;
      const rows = await (section === null ? query.where('section', 'is', null) : query.where('section', '=', section))
        .orderBy('title')
        .orderBy('id')
        .execute();
      if (!english) return rows;
      // In the order of their titles in the language read.
      const read: TextPage[] = await withTranslatedValues(db, textPages, english, rows);
      return read.sort((a, b) => a.title.localeCompare(b.title, english) || a.id - b.id);
    },
  };
}
