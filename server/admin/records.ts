import type { Kysely, Selectable, Transaction } from 'kysely';
import type { PublicImage } from '../../lib/types.js';
import { toPublicImage, uploadUrl } from '../content/mappers.js';
import { toMediaSource, toVideo } from '../content/media.js';
import type {
  ArticleRow,
  Database,
  MediaSourceRow,
  MediaVideoRow,
  PhotobankLogoItemsTable,
  PhotobankPhotosTable,
} from '../db/schema.js';

/**
 * The admin read shape of each resource (docs/admin-api.md, "Records"): the database columns, with image
 * columns as `PublicImage` objects. Write answers use the same functions, so a write answers exactly what a
 * read of that id answers.
 */

export function presentArticle(row: ArticleRow) {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    lead: row.lead,
    content: row.content,
    image: toPublicImage(row.image, row.image_alt || row.title),
    image_alt: row.image_alt,
    public_at: row.public_at,
    published: row.published,
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    views: row.views,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function presentVideo(row: MediaVideoRow) {
  return { ...toVideo(row), published: row.published, created_at: row.created_at, updated_at: row.updated_at };
}

export function presentSource(row: MediaSourceRow) {
  return { ...toMediaSource(row), created_at: row.created_at, updated_at: row.updated_at };
}

type LogoItemRow = Selectable<PhotobankLogoItemsTable>;
type PhotoRow = Selectable<PhotobankPhotosTable>;

/** A logo preview is a file path, not a stored image: no variants, its size unknown (0). */
function previewImage(key: string | null, alt: string): PublicImage | null {
  return key ? { src: uploadUrl(key), width: 0, height: 0, variants: [], alt } : null;
}

/** Logo items with their files, loaded for the whole page at once. */
export async function presentLogoItems(db: Kysely<Database> | Transaction<Database>, rows: LogoItemRow[]) {
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
    files: files
      .filter((file) => file.item_id === row.id)
      .map((file) => ({ id: file.id, format: file.format, url: uploadUrl(file.file), size: file.size })),
  }));
}

export function presentPhoto(row: PhotoRow) {
  return {
    id: row.id,
    category_id: row.category_id,
    title: row.title,
    image: toPublicImage(row.image, row.image_alt || row.title),
    image_alt: row.image_alt,
    size: row.size,
    position: row.position,
  };
}
