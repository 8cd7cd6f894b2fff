import type { Db } from '../db/schema.js';
import { uploadUrl } from '../content/mappers.js';
import type { Row } from '../resources/hooks.js';
import { mainKeyOf, storedImageOf } from './files.js';
import { previousOf } from './previous.js';

/** A document's address that outlives replacing its file: served by the library with revalidation. */
export const assetFileUrl = (id: number): string => `/api/assets/${id}/file`;

/** The smallest WebP variant a list shows, else the picture itself (an SVG, a logo's PNG). */
function thumbnailOf(asset: Row): string | null {
  if (asset.kind !== 'image') return null;
  const image = storedImageOf({ file: String(asset.file), width: null, height: null });
  const small = image.variants.filter((variant) => variant.format === 'webp').sort((a, b) => a.width - b.width)[0];
  return uploadUrl(small?.src ?? image.src);
}

/** The file kept from before the last replacement, as the asset's screen offers it back. */
function previousShown(value: string | null): { format: string; size: number; url: string; replaced_at: string } | null {
  const previous = previousOf(value);
  return previous && { format: previous.format, size: previous.size, url: uploadUrl(mainKeyOf(previous.file)), replaced_at: previous.replaced_at };
}

/** How many uses each asset has. */
async function useCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('asset_uses')
    .select(['asset_id', (eb) => eb.fn.countAll().as('count')])
    .where('asset_id', 'in', ids)
    .groupBy('asset_id')
    .execute();
  return new Map(rows.map((row) => [row.asset_id, Number(row.count)]));
}

/**
 * The admin read shape of assets: their columns with the folder's name, the public address (a picture's file, a
 * document's lasting address), a thumbnail and the number of uses; a whole record (a read of one) adds the
 * picture's variants and crops, the SHA-256 and the file kept from before the last replacement.
 */
export async function presentAssets(db: Db, rows: Row[]): Promise<unknown[]> {
  const folderIds = [...new Set(rows.flatMap((row) => (row.folder_id === null ? [] : [Number(row.folder_id)])))];
  const folders = folderIds.length ? await db.selectFrom('asset_folders').select(['id', 'name']).where('id', 'in', folderIds).execute() : [];
  const folderNames = new Map(folders.map((folder) => [folder.id, folder.name]));
  const uses = await useCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const file = String(row.file);
    const image = row.kind === 'image' ? storedImageOf({ file, width: null, height: null }) : null;
    return {
      id: row.id,
      folder_id: row.folder_id,
      folder_name: row.folder_id === null ? null : (folderNames.get(Number(row.folder_id)) ?? null),
      kind: row.kind,
      format: row.format,
      name: row.name,
      alt: row.alt,
      caption: row.caption,
      size: Number(row.size),
      width: row.width,
      height: row.height,
      focal_x: Number(row.focal_x),
      focal_y: Number(row.focal_y),
      url: row.kind === 'image' ? uploadUrl(mainKeyOf(file)) : assetFileUrl(row.id),
      thumbnail: thumbnailOf(row),
      created_at: row.created_at,
      updated_at: row.updated_at,
      uses: uses.get(row.id) ?? 0,
      ...('sha256' in row
        ? {
            sha256: row.sha256,
            variants: image ? image.variants.map((variant) => ({ ...variant, src: uploadUrl(variant.src) })) : [],
            crops: (image?.crops ?? []).map((crop) => ({ ...crop, src: uploadUrl(crop.src) })),
            previous_file: previousShown(row.previous_file as string | null),
          }
        : {}),
    };
  });
}
