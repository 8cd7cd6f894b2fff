import type { AdminDownloadFile, ArticleSummary, DownloadFile, PublicImage, StoredDocument, StoredImage } from '../../lib/types.js';
import type { ArticleRow } from '../db/schema.js';

/** Where this server answers uploaded files itself. */
export const UPLOADS_URL = '/uploads';

/**
 * Where pages and API answers link uploaded files: `UPLOADS_URL`, or the address the object storage publishes
 * them under (`S3_PUBLIC_URL`, a CDN say). A process has one configuration, set once at start (`linkUploadsAt`).
 */
let uploadsBase = UPLOADS_URL;

export function linkUploadsAt(base: string | null): void {
  uploadsBase = base ?? UPLOADS_URL;
}

export function uploadUrl(key: string): string {
  return `${uploadsBase}/${key}`;
}

/**
 * The key of an uploaded file from an address a page links it by (`/uploads/news/3f9c….jpg`, or under
 * `S3_PUBLIC_URL`), or null for any other address; a query or fragment is not part of the key.
 */
export function keyOfUploadUrl(url: string): string | null {
  const base = [`${uploadsBase}/`, `${UPLOADS_URL}/`].find((prefix) => url.startsWith(prefix));
  if (!base) return null;
  const key = url.slice(base.length).split(/[?#]/, 1)[0] ?? '';
  return /^[\w-]+(?:\/[\w-]+)*\.\w+$/.test(key) ? key : null;
}

/** Turns an image column (JSON of paths under the uploads folder) into what a page needs to show it. */
export function toPublicImage(json: string | null, alt: string): PublicImage | null {
  if (!json) return null;
  const stored = JSON.parse(json) as StoredImage;
  return {
    src: uploadUrl(stored.src),
    width: stored.width,
    height: stored.height,
    variants: stored.variants.map((variant) => ({ ...variant, src: uploadUrl(variant.src) })),
    ...(stored.crops ? { crops: stored.crops.map((crop) => ({ ...crop, src: uploadUrl(crop.src) })) } : {}),
    alt,
  };
}

/** A single-file column (JSON of `StoredDocument`) as a download: its address, original name, bytes and format. */
export function toDownloadFile(json: string | null): DownloadFile | null {
  if (!json) return null;
  const stored = JSON.parse(json) as StoredDocument;
  return { url: uploadUrl(stored.src), name: stored.name, size: stored.size, format: stored.format };
}

/** A single-file column as the admin reads it: the download, with a PDF's text layer when it is known. */
export function toAdminDownloadFile(json: string | null): AdminDownloadFile | null {
  const file = toDownloadFile(json);
  if (!json || !file) return file;
  const textLayer = (JSON.parse(json) as StoredDocument).text_layer;
  return typeof textLayer === 'boolean' ? { ...file, text_layer: textLayer } : file;
}

export const articleSummaryColumns = ['id', 'title', 'slug', 'lead', 'image', 'image_alt', 'public_at'] as const;

export function toArticleSummary(row: Pick<ArticleRow, (typeof articleSummaryColumns)[number]>): ArticleSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    lead: row.lead,
    image: toPublicImage(row.image, row.image_alt || row.title),
    public_at: row.public_at,
  };
}
