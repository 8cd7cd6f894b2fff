import type { FastifyRequest } from 'fastify';
import { auditedWrite } from '../records/audit.js';
import { withFileChanges } from '../records/fileChanges.js';
import { expectedVersions, isStale, staleVersion } from '../records/versions.js';
import { nowIso } from '../content/visibility.js';
import { isPostgres } from '../db/dialect.js';
import type { Trx } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import type { FileFormat } from '../../lib/resources/index.js';
import { keysOfAssetFile } from './files.js';
import { claimFiles, type AssetRow } from './library.js';
import { keysNoTrashNames, rewriteUses } from './replace.js';
import { requirePublishOverLiveUses, requireRightsOverUses, requireUsesTake } from './rights.js';

/**
 * A replaced file is not thrown away at once: the asset keeps the file it had before its last replacement, so that
 * an editor who replaced the wrong file (or the right file with the wrong one) can put the old one back from the
 * asset's screen. Only one is kept: the next replacement, or undoing this one, lets it go. A kept file belongs to no
 * page (every use points to the new one), so only the staff may read it.
 */

export const NO_PREVIOUS_FILE_MESSAGE = 'Прежнего файла нет: файл этого изображения или документа ещё не заменяли.';

/** An asset's file columns as they were before the last replacement, and when it was replaced (ISO). */
export interface PreviousFile {
  file: string;
  format: string;
  size: number;
  width: number | null;
  height: number | null;
  sha256: string;
  /** Missing in what was kept before PDFs were read: not known. */
  text_layer?: number | null;
  replaced_at: string;
}

/** The file columns of an asset, kept as its previous file when it is replaced (stored in `previous_file`). */
export const previousFileJson = (row: AssetRow): string =>
  JSON.stringify({
    file: row.file,
    format: row.format,
    size: Number(row.size),
    width: row.width,
    height: row.height,
    sha256: row.sha256,
    text_layer: row.text_layer,
    replaced_at: nowIso(),
  } satisfies PreviousFile);

/** The previous file an asset keeps, or null (none, or a value that is not what it should be). */
export function previousOf(value: string | null | undefined): PreviousFile | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<PreviousFile>;
    return typeof parsed.file === 'string' && typeof parsed.format === 'string' ? (parsed as PreviousFile) : null;
  } catch {
    return null;
  }
}

/** The stored files of a kept previous file (none without one): never swept while kept. */
export const keysOfPrevious = (value: string | null | undefined): string[] => {
  const previous = previousOf(value);
  return previous ? keysOfAssetFile(previous.file) : [];
};

/** The asset locked for a write, checked against the version the editor read (If-Match). */
export async function lockedAsset(trx: Trx, request: FastifyRequest, id: number): Promise<AssetRow> {
  const query = trx.selectFrom('assets').selectAll().where('id', '=', id);
  const current = (await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst()) as AssetRow | undefined;
  if (!current) throw notFound();
  if (isStale(expectedVersions(request), current.version)) throw staleVersion();
  return current;
}

/**
 * Undoes the last replacement of an asset's file: the previous file is its file again, every use points back to it
 * (each record's version moving on, as for a replacement), and the file that replaced it goes (unless a record in the
 * trash names it). 409 when there is nothing to undo; the rights and formats of the asset's uses apply as to a
 * replacement.
 */
export async function revertReplacement(request: FastifyRequest, id: number): Promise<AssetRow> {
  return withFileChanges(request.server.db, request.server.files, (files) =>
    auditedWrite(request, { action: 'revert-file', resource: 'assets' }, async (trx) => {
      const current = await lockedAsset(trx, request, id);
      const previous = previousOf(current.previous_file);
      if (!previous) throw new HttpError(409, NO_PREVIOUS_FILE_MESSAGE);
      await requireRightsOverUses(trx, request.user, current.id);
      await requirePublishOverLiveUses(trx, request.user, current.id);
      await requireUsesTake(trx, current.id, previous.format as FileFormat, current.name);
      const row = (await trx
        .updateTable('assets')
        .set({
          file: previous.file,
          format: previous.format,
          size: previous.size,
          width: previous.width,
          height: previous.height,
          sha256: previous.sha256,
          text_layer: previous.text_layer ?? null,
          previous_file: null,
          updated_at: nowIso(),
          version: current.version + 1,
        })
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow()) as AssetRow;
      await claimFiles(trx, row.id, row.file);
      await rewriteUses(trx, request, current, row);
      files.replaced(await keysNoTrashNames(trx, keysOfAssetFile(current.file)));
      return row;
    }),
  );
}
