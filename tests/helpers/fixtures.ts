import type { Insertable, Kysely } from 'kysely';
import type { Database, MediaOtherTable, MediaVideoTable, NewArticle } from '../../server/db/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An ISO timestamp `days` days before now (negative: in the future). */
export const daysAgo = (days: number): string => new Date(Date.now() - days * DAY_MS).toISOString();

let counter = 0;
const unique = () => `${Date.now().toString(36)}-${++counter}`;

export function articleValues(overrides: Partial<NewArticle> = {}): NewArticle {
  const id = unique();
  return {
    title: `Статья ${id}`,
    slug: `statya-${id}`,
    lead: 'Анонс',
    content: '<p>Текст</p>',
    image: null,
    image_alt: '',
    public_at: daysAgo(1),
    published: 1,
    seo_title: '',
    seo_description: '',
    updated_at: daysAgo(0),
    ...overrides,
  };
}

export async function insertArticle(db: Kysely<Database>, table: 'news' | 'media_our', overrides: Partial<NewArticle> = {}): Promise<number> {
  const row = await db.insertInto(table).values(articleValues(overrides)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Makes stored files public: each becomes a library asset that a published news item uses, since the server answers
 * visitors a file only while a record they see uses it.
 */
export async function publishFiles(db: Kysely<Database>, files: readonly { key: string; size: number }[]): Promise<void> {
  const news = await insertArticle(db, 'news', { published: 1, public_at: daysAgo(1) });
  for (const [index, file] of files.entries()) {
    const format = file.key.slice(file.key.lastIndexOf('.') + 1);
    const asset = await db
      .insertInto('assets')
      .values({
        folder_id: null,
        kind: format === 'png' || format === 'svg' ? 'image' : 'document',
        format,
        name: file.key,
        size: file.size,
        width: null,
        height: null,
        sha256: `${unique()}-${index}`.padStart(64, '0'),
        file: file.key,
        created_by: null,
        created_at: daysAgo(1),
        updated_at: daysAgo(1),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('asset_files').values({ key: file.key, asset_id: asset.id }).execute();
    await db.insertInto('asset_uses').values({ asset_id: asset.id, resource: 'news', record_id: news, field: 'content' }).execute();
  }
}

export async function insertPress(db: Kysely<Database>, overrides: Partial<Insertable<MediaOtherTable>> = {}): Promise<number> {
  const row = await db
    .insertInto('media_other')
    .values({
      title: `Пресса ${unique()}`,
      lead: '',
      url: 'https://example.org/a',
      source_id: null,
      public_at: daysAgo(1),
      published: 1,
      updated_at: daysAgo(0),
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertVideo(db: Kysely<Database>, overrides: Partial<Insertable<MediaVideoTable>> = {}): Promise<number> {
  const row = await db
    .insertInto('media_video')
    .values({
      title: `Видео ${unique()}`,
      lead: '',
      video_url: 'https://www.youtube-nocookie.com/embed/x',
      preview: null,
      public_at: daysAgo(1),
      published: 1,
      fixed: 0,
      fixed_order: null,
      updated_at: daysAgo(0),
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
