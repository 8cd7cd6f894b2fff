import type { Selectable } from 'kysely';
import type { PublicImage } from '../../lib/types.js';
import { uploadUrl } from '../content/mappers.js';
import { toVideo } from '../content/media.js';
import type { Db, MediaVideoRow, PhotobankLogoItemsTable } from '../db/schema.js';

/**
 * The admin read shapes that differ from the generic one (server/resources/present.ts): a video's preview comes
 * from the video service, a logo item carries its files.
 */

export function presentVideo(row: MediaVideoRow) {
  return { ...toVideo(row), published: row.published, created_at: row.created_at, updated_at: row.updated_at };
}

type LogoItemRow = Selectable<PhotobankLogoItemsTable>;

/** A logo preview is a file path, not a stored image: no variants, its size unknown (0). */
function previewImage(key: string | null, alt: string): PublicImage | null {
  return key ? { src: uploadUrl(key), width: 0, height: 0, variants: [], alt } : null;
}

/** Logo items with their files, loaded for the whole page at once. */
export async function presentLogoItems(db: Db, rows: LogoItemRow[]) {
  const files = rows.length
    ? await db
        .selectFrom('photobank_logo_files')
        .selectAll()
        .where(
          'item_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('position')
        .orderBy('id')
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    category_id: row.category_id,
    type: row.type,
    title: row.title,
    position: row.position,
    preview: previewImage(row.preview, row.title),
    hex: row.hex,
    rgb: row.rgb,
    cmyk: row.cmyk,
    pantone: row.pantone,
    files: files.filter((file) => file.item_id === row.id).map((file) => ({ id: file.id, format: file.format, url: uploadUrl(file.file), size: file.size })),
  }));
}
