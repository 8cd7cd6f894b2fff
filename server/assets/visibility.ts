import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { RESOURCES } from '../../lib/resources/index.js';
import { mediaVideo } from '../../lib/resources/media.js';
import { staffReadingFile } from '../auth/guard.js';
import { visibleNow } from '../content/visibility.js';
import { escapeLike } from '../db/like.js';
import type { Db } from '../db/schema.js';

/** The resources whose records can use library assets: those with pictures, files or rich text. */
const USING_RESOURCES = RESOURCES.filter((resource) =>
  Object.values(resource.fields).some((field) => field.kind === 'image' || field.kind === 'files' || field.kind === 'html'),
);

/**
 * A use (a row of `asset_uses` named `u`) by a record visitors see now, by the one rule of every public read:
 * published, its `public_at` come and its `unpublish_at` not yet. A record in the trash uses nothing. Each resource
 * is one lookup of the record by its id.
 */
function byVisibleRecord(): RawBuilder<SqlBool> {
  const rules = USING_RESOURCES.map(
    (resource) =>
      sql<SqlBool>`(u.resource = ${resource.name} and exists (select 1 from ${sql.table(resource.table)} as r where r.id = u.record_id and ${visibleNow(resource)}))`,
  );
  return sql<SqlBool>`(${sql.join(rules, sql` or `)})`;
}

/** Whether a record visitors see now uses the asset: one query through the uses' primary key. */
export async function assetIsPublic(db: Db, assetId: number): Promise<boolean> {
  const use = await db
    .selectFrom('asset_uses as u')
    .select('u.asset_id')
    .where('u.asset_id', '=', assetId)
    .where(byVisibleRecord())
    .limit(1)
    .executeTakeFirst();
  return use !== undefined;
}

/**
 * Whether visitors may have a stored file: a record they see now uses the asset it belongs to (its main file, a
 * variant or a crop), or it is a picture of a video they see (a video's preview comes with the video, not from the
 * library).
 */
export async function fileIsPublic(db: Db, key: string): Promise<boolean> {
  const use = await db
    .selectFrom('asset_files as f')
    .innerJoin('asset_uses as u', 'u.asset_id', 'f.asset_id')
    .select('u.asset_id')
    .where('f.key', '=', key)
    .where(byVisibleRecord())
    .limit(1)
    .executeTakeFirst();
  return use !== undefined || (await isPreviewOfVisibleVideo(db, key));
}

/** Where video previews are stored: only such a key is looked for among the videos. */
const VIDEO_PREVIEW_FOLDER = `${mediaVideo.name}/`;

/** Whether a video visitors see now names the file in its preview (its source, a variant or a crop, each `"src":"…"`). */
async function isPreviewOfVisibleVideo(db: Db, key: string): Promise<boolean> {
  if (!key.startsWith(VIDEO_PREVIEW_FOLDER)) return false;
  const named = `%"src":${escapeLike(JSON.stringify(key))}%`;
  const video = await db
    .selectFrom('media_video')
    .select('id')
    .where(sql<SqlBool>`preview like ${named} escape '\\'`)
    .where(visibleNow(mediaVideo))
    .limit(1)
    .executeTakeFirst();
  return video !== undefined;
}

/** Who may have a stored file: anyone (`public`), the signed-in staff only (`staff`), or no one asking (null). */
export type FileAccess = 'public' | 'staff' | null;

/**
 * Files follow the rights of the records that use them: anyone may read a file a visible record uses; the files of
 * drafts, scheduled, withdrawn or trashed records, and those no record uses yet, only the staff.
 */
export async function fileAccess(request: FastifyRequest, isPublic: () => Promise<boolean>): Promise<FileAccess> {
  if (await isPublic()) return 'public';
  return (await staffReadingFile(request)) ? 'staff' : null;
}

/** How a file only the staff may read is cached: by their browser alone, asked again each time. */
export const STAFF_FILE_CACHE = 'private, no-cache';
