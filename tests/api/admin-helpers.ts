import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../../server/db/schema.js';
import { userWithToken } from '../helpers/auth.js';

/** Shared by the admin content tests (tests/api/admin-*.test.ts). */

export interface FilePart {
  field: string;
  filename: string;
  data: Buffer;
  type?: string;
}

/** A multipart/form-data body built byte by byte, so tests control every file name and header. */
export function multipart(fields: Record<string, string | number>, files: FilePart[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----admin-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs `fields` and `files` as a multipart form, with `headers` (a session's Authorization, or none). */
export function postForm(app: FastifyInstance, url: string, headers: Record<string, string>, fields: Record<string, string | number>, files: FilePart[] = []) {
  const body = multipart(fields, files);
  return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } });
}

export const MB = 1024 * 1024;

/** A real picture of the given size. */
export function pngImage(width = 640, height = 400, background = '#336699'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

export function jpegImage(width = 640, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#aa3300' } })
    .jpeg()
    .toBuffer();
}

/** Every file under a folder, as paths relative to it (temporary files included). */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The rows of every content table and the files under uploads: what "nothing half-written" is measured by. */
export async function snapshot(app: FastifyInstance): Promise<{ rows: Record<string, number>; files: string[] }> {
  const tables = [
    'news',
    'media_our',
    'media_other',
    'media_video',
    'media_sources',
    'text_pages',
    'menu_items',
    'network_collections',
    'photobank_categories',
    'photobank_logo_items',
    'photobank_logo_files',
    'photobank_photos',
  ] as const;
  const rows: Record<string, number> = {};
  for (const table of tables) {
    const row = await (app.db as Kysely<Database>)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst();
    rows[table] = Number(row?.count ?? 0);
  }
  return { rows, files: await listFiles(app.config.uploadsDir) };
}

/** The uploads-relative keys of a public image URL, its variants and its crops. */
export function keysOfImage(image: { src: string; variants: { src: string }[]; crops?: { src: string }[] } | null): string[] {
  if (!image) return [];
  return [image.src, ...image.variants.map((variant) => variant.src), ...(image.crops ?? []).map((crop) => crop.src)].map((src) =>
    src.replace(/^\/uploads\//, ''),
  );
}

export async function adminHeaders(app: FastifyInstance, role: 'USER' | 'MANAGER' = 'USER'): Promise<Record<string, string>> {
  return (await userWithToken(app, role)).headers;
}

/**
 * How the media library holds a stored file (a key, or its `/uploads/` address): the asset that names it and the
 * records that use it (`resource/id`), or null when no asset names it. A file a record stops using stays the
 * library's; the same bytes uploaded twice are one asset, so other tests' records may use it too.
 */
export async function libraryHolding(app: FastifyInstance, keyOrUrl: string): Promise<{ assetId: number; usedBy: string[] } | null> {
  const key = keyOrUrl.replace(/^\/uploads\//, '');
  const db = app.db as Kysely<Database>;
  const owner = await db.selectFrom('asset_files').select('asset_id').where('key', '=', key).executeTakeFirst();
  if (!owner) return null;
  const uses = await db.selectFrom('asset_uses').select(['resource', 'record_id']).where('asset_id', '=', owner.asset_id).execute();
  return { assetId: owner.asset_id, usedBy: uses.map((use) => `${use.resource}/${use.record_id}`) };
}

/**
 * Takes a record's stored file out of the media library, as an upload made before the library was: the record's
 * alone again, removed when the record lets go of it (what the trash's purge is tested by).
 */
export async function leaveLibrary(app: FastifyInstance, keyOrUrl: string): Promise<void> {
  const holding = await libraryHolding(app, keyOrUrl);
  if (holding) await (app.db as Kysely<Database>).deleteFrom('assets').where('id', '=', holding.assetId).execute();
}
