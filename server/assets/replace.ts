import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { resourceNamed, type UploadField } from '../../lib/resources/index.js';
import type { StoredDocument, StoredImage } from '../../lib/types.js';
import { recordAudit } from '../records/audit.js';
import { uploadUrl } from '../content/mappers.js';
import { nowIso } from '../content/visibility.js';
import { declared } from '../db/declared.js';
import type { Trx } from '../db/schema.js';
import { mainKeyOf, storedImageOf } from './files.js';
import { columnValueOf, type AssetRow } from './library.js';

/**
 * Which new file stands for each old one when an asset's file is replaced or its crops cut again: the main file for
 * the main file, a variant for the variant of the same width and format, a crop for the crop of the same shape and
 * width (else the nearest wider one, else the widest, else the new main file).
 */
export function keyReplacements(before: AssetRow, after: AssetRow): Map<string, string> {
  const old = storedImageOf(before);
  const next = storedImageOf(after);
  const replacements = new Map<string, string>([[old.src, next.src]]);
  const nearestWider = <T extends { src: string; width: number }>(candidates: T[], width: number): string => {
    const sorted = [...candidates].sort((a, b) => a.width - b.width);
    return (sorted.find((candidate) => candidate.width >= width) ?? sorted.at(-1))?.src ?? next.src;
  };
  for (const variant of old.variants) {
    replacements.set(
      variant.src,
      nearestWider(
        next.variants.filter((candidate) => candidate.format === variant.format),
        variant.width,
      ),
    );
  }
  for (const crop of old.crops ?? []) {
    replacements.set(
      crop.src,
      nearestWider(
        (next.crops ?? []).filter((candidate) => candidate.shape === crop.shape),
        crop.width,
      ),
    );
  }
  return replacements;
}

/** The keys among `keys` that no entry of the trash names (a removed record keeps its files until it is purged). */
export async function keysNoTrashNames(trx: Trx, keys: readonly string[]): Promise<string[]> {
  const kept: string[] = [];
  for (const key of keys) {
    const named = await trx
      .selectFrom('trash')
      .select('id')
      .where('files', 'like', `%${JSON.stringify(key)}%`)
      .executeTakeFirst();
    if (!named) kept.push(key);
  }
  return kept;
}

/** Rich text with every address of a replaced file pointing to its new one. */
export function replaceInHtml(html: string, replacements: ReadonlyMap<string, string>): string {
  let result = html;
  for (const [from, to] of replacements) result = result.split(uploadUrl(from)).join(uploadUrl(to));
  return result;
}

/** Points the addresses of a replaced file in a record's rich text in other languages to its new one. */
async function rewriteTranslatedHtml(trx: Trx, resource: string, recordId: number, field: string, replacements: ReadonlyMap<string, string>): Promise<void> {
  const rows = await trx.selectFrom('translations').select(['id', 'field_values']).where('resource', '=', resource).where('record_id', '=', recordId).execute();
  for (const row of rows) {
    const values = JSON.parse(row.field_values) as Record<string, unknown>;
    const html = values[field];
    if (typeof html !== 'string') continue;
    const replaced = replaceInHtml(html, replacements);
    if (replaced !== html)
      await trx
        .updateTable('translations')
        .set({ field_values: JSON.stringify({ ...values, [field]: replaced }) })
        .where('id', '=', row.id)
        .execute();
  }
}

/** What a picture or document column holds once its asset's file was replaced (a document keeps the name it is offered under). */
function replacedColumn(field: UploadField, value: unknown, after: AssetRow): string {
  if (field.kind === 'image') return columnValueOf(field, after);
  const current = typeof value === 'string' && value ? (JSON.parse(value) as StoredDocument | StoredImage) : null;
  return columnValueOf(field, after, current && 'name' in current ? current.name : undefined);
}

/**
 * Points every use of an asset to its new file, inside the replacement's transaction: a record's picture and file
 * columns, the addresses in its rich text (in every language), a logo's files. Each changed record's version moves
 * on, so that an editor with the record open is told it changed rather than saving the old file back, and its
 * history names the change: an audit entry `replace-file` of that record, in the same transaction.
 */
export async function rewriteUses(trx: Trx, request: FastifyRequest, before: AssetRow, after: AssetRow): Promise<void> {
  const uses = await trx.selectFrom('asset_uses').selectAll().where('asset_id', '=', after.id).execute();
  const replacements = keyReplacements(before, after);
  const [oldMain, newMain] = [mainKeyOf(before.file), mainKeyOf(after.file)];
  for (const use of uses) {
    const resource = resourceNamed(use.resource);
    if (!resource) continue;
    const field = resource.fields[use.field];
    if (resource.name === 'photobank-logos' && use.field === 'files') {
      const format = newMain.slice(newMain.lastIndexOf('.') + 1);
      await trx
        .updateTable('photobank_logo_files')
        .set({ file: newMain, format, size: after.size })
        .where('item_id', '=', use.record_id)
        .where('file', '=', oldMain)
        .execute();
      await trx.updateTable('photobank_logo_items').set({ preview: newMain }).where('id', '=', use.record_id).where('preview', '=', oldMain).execute();
    } else if (field?.kind === 'image' || field?.kind === 'files') {
      const row = await declared(trx).selectFrom(resource.table).select(use.field).where('id', '=', use.record_id).executeTakeFirst();
      if (!row) continue;
      await declared(trx)
        .updateTable(resource.table)
        .set({ [use.field]: replacedColumn(field, row[use.field], after) })
        .where('id', '=', use.record_id)
        .execute();
    } else if (field?.kind === 'html') {
      const row = await declared(trx).selectFrom(resource.table).select(use.field).where('id', '=', use.record_id).executeTakeFirst();
      if (!row) continue;
      await declared(trx)
        .updateTable(resource.table)
        .set({ [use.field]: replaceInHtml(String(row[use.field] ?? ''), replacements) })
        .where('id', '=', use.record_id)
        .execute();
      await rewriteTranslatedHtml(trx, resource.name, use.record_id, use.field, replacements);
    } else continue;
    await declared(trx)
      .updateTable(resource.table)
      .set({ version: sql`version + 1`, ...(resource.timestamps ? { updated_at: nowIso() } : {}) })
      .where('id', '=', use.record_id)
      .execute();
    await recordAudit(request, { action: 'replace-file', resource: resource.name, recordId: use.record_id }, trx);
  }
}
