import type { Kysely } from 'kysely';
import type { ContentServices } from '../../lib/content.js';
import type { Database } from '../db/schema.js';

export function createTextPagesService(db: Kysely<Database>): ContentServices['textPages'] {
  return {
    async list(section) {
      const query = db
        .selectFrom('text_pages')
        .select(['id', 'identifier', 'section', 'title', 'content', 'form', 'seo_title', 'seo_description', 'updated_at']);
      return (section === null ? query.where('section', 'is', null) : query.where('section', '=', section)).orderBy('title').orderBy('id').execute();
    },
  };
}
