import type { Kysely } from 'kysely';
import type { ContentServices } from '../../lib/content.js';
import { isPathKey } from '../../lib/ids.js';
import type { TextPage } from '../../lib/types.js';
import type { Database, TextPageRow } from '../db/schema.js';

/** A text page as visitors read it; its HTML as stored, sanitised when it was written. */
function toTextPage(row: TextPageRow): TextPage {
  return {
    id: row.id,
    identifier: row.identifier,
    section: row.section,
    title: row.title,
    content: row.content,
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    updated_at: row.updated_at,
  };
}

export function createTextPagesService(db: Kysely<Database>): ContentServices['textPages'] {
  return {
    async get(identifier) {
      // A key with control characters (which PostgreSQL refuses in text) or of absurd length names no page.
      if (!isPathKey(identifier)) return null;
      const row = await db.selectFrom('text_pages').selectAll().where('identifier', '=', identifier).executeTakeFirst();
      return row ? toTextPage(row) : null;
    },
    async list(section) {
      const query = db.selectFrom('text_pages').selectAll();
      const rows = await (section === null ? query.where('section', 'is', null) : query.where('section', '=', section))
        .orderBy('title')
        .orderBy('id')
        .execute();
      return rows.map(toTextPage);
    },
  };
}
