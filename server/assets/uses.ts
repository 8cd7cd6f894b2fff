import { idFromText } from '../../lib/ids.js';
import { localizedFieldsOf, RICH_TEXT_FIELDS, type ResourceDescriptor } from '../../lib/resources/index.js';
import { assetIdOfTextImage, textImageSrc } from '../../lib/richText.js';
import type { StoredDocument, StoredImage } from '../../lib/types.js';
import { keyOfUploadUrl } from '../content/mappers.js';
import { declared } from '../db/declared.js';
import { formError } from '../http/validation.js';
import type { Db } from '../db/schema.js';
import { ownersOf } from './files.js';

/** What a record's field refers to in the library: stored files by key, and assets by their lasting address. */
export interface FieldReferences {
  keys: string[];
  assetIds: number[];
}

// A number no asset can have names none (PostgreSQL would refuse it in a query).
const LASTING_ADDRESS = /^\/api\/assets\/(\d+)\/file(?:[?#]|$)/;

/**
 * What a piece of rich text shows or links (`src`, `srcset` and `href` addresses): uploaded files by their
 * address, library documents by their lasting address.
 */
export function referencesInHtml(html: string): FieldReferences {
  const found: FieldReferences = { keys: [], assetIds: [] };
  for (const match of html.matchAll(/\s(?:src|href|srcset)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const value = (match[1] ?? match[2] ?? '').replace(/&amp;/g, '&');
    for (const candidate of value.split(',')) {
      const address = candidate.trim().split(/\s+/)[0] ?? '';
      const key = keyOfUploadUrl(address);
      const lasting = idFromText(LASTING_ADDRESS.exec(address)?.[1] ?? '');
      if (key) found.keys.push(key);
      else if (lasting !== null) found.assetIds.push(lasting);
    }
  }
  return found;
}

/** The main key an upload column names (a picture's source, a document's file), or none. */
function columnKey(json: unknown): string[] {
  if (typeof json !== 'string' || json === '') return [];
  try {
    return [(JSON.parse(json) as StoredImage | StoredDocument).src];
  } catch {
    return [];
  }
}

/** What a record's fields refer to, by field: its pictures and documents, what its rich text shows and links. */
export function fieldReferencesOf(resource: ResourceDescriptor, row: Readonly<Record<string, unknown>>): Record<string, FieldReferences> {
  const references: Record<string, FieldReferences> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind === 'image' || (field.kind === 'files' && field.maxFiles === 1)) references[name] = { keys: columnKey(row[name]), assetIds: [] };
    else if (field.kind === 'html' && typeof row[name] === 'string') references[name] = referencesInHtml(row[name]);
  }
  return references;
}

/** The rich-text fields a resource has in other languages too. */
const localizedHtmlFieldsOf = (resource: ResourceDescriptor): string[] =>
  localizedFieldsOf(resource)
    .filter(([, field]) => field.kind === 'html')
    .map(([name]) => name);

/** The rich text of a record's versions in other languages: each language's text of each localized rich-text field. */
async function translatedHtmlOf(trx: Db, resource: ResourceDescriptor, recordId: number): Promise<{ locale: string; field: string; html: string }[]> {
  const fields = localizedHtmlFieldsOf(resource);
  if (!fields.length) return [];
  const versions = await trx
    .selectFrom('translations')
    .select(['locale', 'field_values'])
    .where('resource', '=', resource.name)
    .where('record_id', '=', recordId)
    .execute();
  return versions.flatMap((version) => {
    const values = JSON.parse(version.field_values) as Record<string, unknown>;
    return fields.flatMap((field) => {
      const html = values[field];
      return typeof html === 'string' ? [{ locale: version.locale, field, html }] : [];
    });
  });
}

/** What the rich text of a record's versions in other languages shows or links, by field. */
async function translatedReferencesOf(trx: Db, resource: ResourceDescriptor, recordId: number): Promise<Record<string, FieldReferences>> {
  const references: Record<string, FieldReferences> = {};
  for (const { field, html } of await translatedHtmlOf(trx, resource, recordId)) {
    const found = referencesInHtml(html);
    const kept = (references[field] ??= { keys: [], assetIds: [] });
    kept.keys.push(...found.keys);
    kept.assetIds.push(...found.assetIds);
  }
  return references;
}

/** The stored image tags of rich text (as the sanitiser writes them) and their `src`. */
const TEXT_IMAGE_SOURCE = /<img\s[^>]*?\bsrc="([^"]*)"/g;

/** The library assets the images inside a piece of rich text show. */
export const textImageAssetIds = (html: string): number[] =>
  Array.from(html.matchAll(TEXT_IMAGE_SOURCE), ([, src]) => assetIdOfTextImage(src)).filter((id) => id !== null);

/** The images inside a record's rich text in every language, by the field a form names (`content`, `translations.en.content`). */
export type TextImages = Map<string, number[]>;

export async function textImagesOf(trx: Db, resource: ResourceDescriptor, row: { id: number } & Record<string, unknown>): Promise<TextImages> {
  const images: TextImages = new Map();
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind === 'html' && typeof row[name] === 'string') images.set(name, textImageAssetIds(row[name]));
  }
  for (const { locale, field, html } of await translatedHtmlOf(trx, resource, row.id)) {
    images.set(`translations.${locale}.${field}`, textImageAssetIds(html));
  }
  return images;
}

export const UNKNOWN_TEXT_IMAGE_MESSAGE = 'В тексте есть изображение, которого нет в медиатеке (удалено или это не картинка): вставьте его заново.';

/**
 * A write may not add to rich text an image the library does not hold as a picture (removed, a document, or never
 * there): a 400 naming the field. Images the text already showed before the write are left alone, so an asset removed
 * later (its figure then leaves the pages) never blocks other edits of the record.
 */
export async function refuseUnknownTextImages(trx: Db, before: TextImages, after: TextImages): Promise<void> {
  const added = new Map<string, number[]>();
  for (const [field, ids] of after) {
    const earlier = new Set(before.get(field) ?? []);
    const fresh = ids.filter((id) => !earlier.has(id));
    if (fresh.length) added.set(field, fresh);
  }
  const named = [...new Set([...added.values()].flat())];
  if (!named.length) return;
  const pictures = new Set(
    (await trx.selectFrom('assets').select('id').where('id', 'in', named).where('kind', '=', 'image').execute()).map((asset) => asset.id),
  );
  const refused = [...added].filter(([, ids]) => ids.some((id) => !pictures.has(id)));
  if (refused.length) throw formError(Object.fromEntries(refused.map(([field]) => [field, [UNKNOWN_TEXT_IMAGE_MESSAGE]])));
}

/**
 * Keeps where a record uses library assets, inside its write's transaction: one row per asset and field, from the
 * files its fields name, in Russian and in its other languages (`extra`: the files a resource keeps in rows of its
 * own, a logo's files).
 */
export async function keepUses(
  trx: Db,
  resource: ResourceDescriptor,
  row: { id: number } & Record<string, unknown>,
  extra: Record<string, string[]> = {},
): Promise<void> {
  const byField: Record<string, FieldReferences> = {
    ...fieldReferencesOf(resource, row),
    ...Object.fromEntries(Object.entries(extra).map(([field, keys]) => [field, { keys, assetIds: [] }])),
  };
  for (const [field, translated] of Object.entries(await translatedReferencesOf(trx, resource, row.id))) {
    const kept = (byField[field] ??= { keys: [], assetIds: [] });
    kept.keys.push(...translated.keys);
    kept.assetIds.push(...translated.assetIds);
  }
  const owners = await ownersOf(
    trx,
    Object.values(byField).flatMap((references) => references.keys),
  );
  const named = Object.values(byField).flatMap((references) => references.assetIds);
  const existing = new Set(
    named.length
      ? (
          await trx
            .selectFrom('assets')
            .select('id')
            .where('id', 'in', [...new Set(named)])
            .execute()
        ).map((asset) => asset.id)
      : [],
  );
  const uses = new Map<string, { asset_id: number; field: string }>();
  for (const [field, references] of Object.entries(byField)) {
    const assetIds = [...references.keys.flatMap((key) => owners.get(key) ?? []), ...references.assetIds.filter((id) => existing.has(id))];
    for (const assetId of assetIds) uses.set(`${assetId}:${field}`, { asset_id: assetId, field });
  }
  await forgetUses(trx, resource.name, row.id);
  if (uses.size) {
    await trx
      .insertInto('asset_uses')
      .values([...uses.values()].map((use) => ({ ...use, resource: resource.name, record_id: row.id })))
      .execute();
  }
}

/** A record is gone (or in the trash): it uses nothing any more. */
export async function forgetUses(trx: Db, resource: string, recordId: number): Promise<void> {
  await trx.deleteFrom('asset_uses').where('resource', '=', resource).where('record_id', '=', recordId).execute();
}

/**
 * An asset back from the trash is used again by the records whose rich text (in any language) names it by its lasting
 * address, an image inside text or a link: their uses are kept anew (`extraOf`: a record's files kept in rows of its
 * own, as `keepUses` takes them), so its removal is refused again while they show it.
 */
export async function keepUsesNaming(
  trx: Db,
  assetId: number,
  extraOf: (resource: ResourceDescriptor, row: { id: number } & Record<string, unknown>) => Promise<Record<string, string[]> | undefined>,
): Promise<void> {
  // The address ends in `/file`, so the pattern names this asset only, never one whose number starts with its own.
  const naming = `%${textImageSrc(assetId)}%`;
  for (const { resource, fields } of RICH_TEXT_FIELDS) {
    const translated = trx.selectFrom('translations').select('record_id').where('resource', '=', resource.name).where('field_values', 'like', naming);
    const rows = await declared(trx)
      .selectFrom(resource.table)
      .selectAll()
      .where((eb) => eb.or([...fields.map((field) => eb(field, 'like', naming)), eb('id', 'in', translated)]))
      .execute();
    for (const row of rows) {
      const record = { ...row, id: Number(row.id) };
      await keepUses(trx, resource, record, await extraOf(resource, record));
    }
  }
}
