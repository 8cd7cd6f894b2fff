import type { FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { isColumnUpload, reversedRange, type ImageField, type ResourceDescriptor, type UploadField } from '../../lib/resources/index.js';
import type { StoredDocument } from '../../lib/types.js';
import { auditedWrite, lastWriteOf } from '../admin/audit.js';
import { withFileChanges, type FileChanges } from '../admin/fileChanges.js';
import { closeGap, moveInList, nextPosition, type OrderedList } from '../admin/ordering.js';
import { conflict, recordSlug, SLUG_TAKEN_MESSAGE, uniqueOr409 } from '../admin/unique.js';
import type { UploadedFile } from '../admin/upload.js';
import { columnValueOf, pickedAsset, prepareUpload, settleUpload, type AssetRow, type PreparedUpload } from '../assets/library.js';
import { forgetUses, keepUses, refuseUnknownTextImages, textImagesOf } from '../assets/uses.js';
import { nowIso } from '../content/visibility.js';
import { imageFiles } from '../files/images.js';
import type { FileStore } from '../files/store.js';
import { notFound } from '../http/errors.js';
import { expectedVersions, isStale, staleVersion } from '../admin/versions.js';
import { formError } from '../http/validation.js';
import { forgetRevisions, keepRevision } from '../revisions/store.js';
import { indexRecord, unindexRecord } from '../search/indexer.js';
import { followAddressChange, followTranslatedAddressChange } from '../redirects/store.js';
import { noticePageChange } from '../indexnow/notify.js';
import { putInTrash } from '../trash/entries.js';
import { declared } from '../db/declared.js';
import type { Db, ResourceHooks, Row, Trx, Values, WriteContext } from './hooks.js';
import { typesetValues } from './typeset.js';
import { defaultOf } from './zod.js';
import { isPostgres } from '../db/dialect.js';
import { saveTranslations, translationLocalesOf, translationSnapshot, type SentTranslations } from '../translations/admin.js';
import { forgetTranslations } from '../translations/store.js';
import { translatedAddresses } from '../translations/addresses.js';

/** Kysely over the table a descriptor names. */

export async function loadRow(db: Db, resource: ResourceDescriptor, id: number): Promise<Row | undefined> {
  return (await declared(db).selectFrom(resource.table).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
}

export async function loadOr404(db: Db, resource: ResourceDescriptor, id: number): Promise<Row> {
  const row = await loadRow(db, resource, id);
  if (!row) throw notFound();
  return row;
}

/**
 * The row a write is about to change or remove, locked against the other writers of that row until the
 * transaction ends: what the write keeps of it (a revision, a trash entry, the files to delete) is then what it
 * replaces, and the version the request's `If-Match` names must still be its version. PostgreSQL locks the row;
 * SQLite has one writer at a time.
 */
async function lockedForWrite(trx: Db, request: FastifyRequest, resource: ResourceDescriptor, id: number): Promise<Row> {
  const query = declared(trx).selectFrom(resource.table).selectAll().where('id', '=', id);
  const row = await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw notFound();
  if (isStale(expectedVersions(request), row.version)) throw staleVersion(await lastWriteOf(trx, resource.name, id));
  return row as Row;
}

/** Marks a row changed by a write that did not go through `updateRow` (a verb): its version moves on. */
async function bumpVersion(trx: Db, resource: ResourceDescriptor, id: number): Promise<void> {
  await declared(trx)
    .updateTable(resource.table)
    .set({ version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

/** The list an ordered row belongs to (the rows sharing its scope column's value). */
export function orderedListOf(resource: ResourceDescriptor, row: Values): OrderedList {
  const scope = resource.ordered?.scope ?? '';
  return { table: resource.table as OrderedList['table'], column: 'position', scope: { column: scope, value: Number(row[scope]) }, first: 0 };
}

const imageFields = (resource: ResourceDescriptor) =>
  Object.entries(resource.fields).filter((entry): entry is [string, ImageField] => entry[1].kind === 'image');

/** Upload fields kept in the record's own column: images, and single files (several files are a hook's rows). */
const columnUploads = (resource: ResourceDescriptor) =>
  Object.entries(resource.fields).filter((entry): entry is [string, UploadField] => isColumnUpload(entry[1]));

/** The files one upload column points to. */
function filesOfColumn(field: UploadField, json: string | null): string[] {
  if (field.kind === 'image') return imageFiles(json);
  return json ? [(JSON.parse(json) as StoredDocument).src] : [];
}

/** Every file a row's upload columns point to. */
export const columnFilesOf = (resource: ResourceDescriptor, row: Row): string[] =>
  columnUploads(resource).flatMap(([name, field]) => filesOfColumn(field, (row[name] as string | null) ?? null));

/** A field whose value breaks a rule, with the declared message. */
export type FieldProblem = { field: string; message: string };

/** The first reference that names no existing record. */
export async function missingReference(db: Db, resource: ResourceDescriptor, values: Values, tableOf: (name: string) => string): Promise<FieldProblem | null> {
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind !== 'reference' || values[name] === null || values[name] === undefined) continue;
    const found = await declared(db).selectFrom(tableOf(field.resource)).select('id').where('id', '=', Number(values[name])).executeTakeFirst();
    if (!found) return { field: name, message: field.missing };
  }
  return null;
}

/** The first value declared unique (a unique text, a slug given explicitly) that belongs to another record. */
export async function takenValue(db: Db, resource: ResourceDescriptor, values: Values, exceptId: number | null): Promise<FieldProblem | null> {
  for (const [name, field] of Object.entries(resource.fields)) {
    const message = field.kind === 'slug' ? SLUG_TAKEN_MESSAGE : field.kind === 'text' ? field.unique : undefined;
    if (message === undefined || values[name] === undefined || values[name] === '') continue;
    let query = declared(db).selectFrom(resource.table).select('id').where(name, '=', values[name]);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) return { field: name, message };
  }
  return null;
}

/** Stores (or finds in the library, by SHA-256) the uploads kept in columns, before the write's transaction. */
async function prepareColumnUploads(db: Db, store: FileStore, resource: ResourceDescriptor, uploads: readonly UploadedFile[], files: FileChanges) {
  const prepared: PreparedUpload[] = [];
  for (const [name, field] of columnUploads(resource)) {
    const upload = uploads.find((file) => file.field === name);
    if (upload) prepared.push(await prepareUpload(db, store, files, upload, resource.name, field.kind === 'image' ? 'picture' : 'download'));
  }
  return prepared;
}

/**
 * The upload columns a write sets, inside its transaction: each upload or picked library asset (`{ "asset": id }`)
 * as the asset it is, a new upload added to the library; what the columns held before is no longer theirs.
 */
async function settleColumnUploads(
  trx: Trx,
  request: FastifyRequest,
  resource: ResourceDescriptor,
  prepared: readonly PreparedUpload[],
  values: Values,
  files: FileChanges,
  current: Row | null,
): Promise<Values> {
  const columns: Values = {};
  for (const [name, field] of columnUploads(resource)) {
    const upload = prepared.find((entry) => entry.upload.field === name);
    const picked = values[name];
    let asset: AssetRow;
    if (upload) asset = await settleUpload(trx, upload, request.user?.id ?? null);
    else if (typeof picked === 'number') asset = await pickedAsset(trx, name, field, picked);
    else continue;
    columns[name] = columnValueOf(field, asset, upload?.upload.name);
    if (current) files.replaced(filesOfColumn(field, (current[name] as string | null) ?? null));
  }
  return columns;
}

export interface WriteOptions {
  request: FastifyRequest;
  resource: ResourceDescriptor;
  hooks: ResourceHooks;
  /** The table of a resource named by a reference field. */
  tableOf: (name: string) => string;
  /** The audit action: `add`/`update` for the specification's verbs, `create`/`update` for plain REST. */
  action: string;
  /** The admin read shape of rows. */
  present: (db: Db, rows: Row[]) => Promise<unknown[]> | unknown[];
}

/**
 * Adds (`id` null) or updates one record: checks, files, then one audited transaction; files follow the row. The
 * fields declared with `typography` are typeset first, so what is checked, stored, indexed, kept in history and
 * answered is the typeset text, for every resource alike.
 */
export async function saveRecord(options: WriteOptions, id: number | null, input: Values, uploads: readonly UploadedFile[]): Promise<Row> {
  const { request, resource, hooks } = options;
  const values = typesetValues(resource.fields, input);
  // The record's versions in other languages, where the site has them: saved and kept in history with the record.
  const locales = translationLocalesOf(resource, request.server.config.siteLocales);
  const translations = locales.length ? (values.translations as SentTranslations | undefined) : undefined;
  const { db, files: store } = request.server;
  const existing = id === null ? null : await loadOr404(db, resource, id);
  if (id === null) {
    const missing = columnUploads(resource).find(
      ([name, field]) => field.required && values[name] === undefined && !uploads.some((file) => file.field === name),
    );
    if (missing) throw formError({ [missing[0]]: [missing[1].missing ?? 'Выберите файл.'] });
  }
  const unknown = await missingReference(db, resource, values, options.tableOf);
  if (unknown) throw formError({ [unknown.field]: [unknown.message] });
  const reversed = reversedRange(resource.fields, { ...existing, ...values });
  if (reversed) throw formError({ [reversed.field]: [reversed.message] });
  const taken = await takenValue(db, resource, values, id);
  if (taken) throw conflict(taken.field, taken.message);
  await hooks.check?.(db, values, existing, uploads);

  const slug = Object.entries(resource.fields).find(([, field]) => field.kind === 'slug');
  // Only declared fields reach the table, upload columns as their assets' files; a hook reads the others (a logo's
  // files to keep) from `values`.
  const uploadColumns = new Set(columnUploads(resource).map(([name]) => name));
  const changes: Values = Object.fromEntries(Object.entries(values).filter(([name]) => name in resource.fields && !uploadColumns.has(name)));
  if (slug && (id === null || values[slug[0]] !== undefined)) {
    const [name, field] = slug;
    const from = field.kind === 'slug' ? field.from : 'title';
    changes[name] = await recordSlug(db, resource.table, String(values[name] ?? ''), String(values[from] ?? existing?.[from] ?? ''), id);
  }

  return withFileChanges(db, store, async (files) => {
    const prepared = await prepareColumnUploads(db, store, resource, uploads, files);
    return uniqueOr409(slug?.[0] ?? 'id', () =>
      auditedWrite(request, { action: options.action, resource: resource.name }, async (trx) => {
        const current = id === null ? null : await lockedForWrite(trx, request, resource, id);
        const images = await settleColumnUploads(trx, request, resource, prepared, values, files, current);
        const context: WriteContext = { request, trx, files, values: { ...values, ...changes, ...images }, uploads, current };
        const computed = { ...changes, ...images, ...(await hooks.columns?.(context)) };
        const translatedBefore = current && locales.length ? { translations: await translationSnapshot(trx, resource, current.id, locales) } : {};
        const addressesBefore = current ? await translatedAddresses(trx, resource, current, locales) : new Map<string, string>();
        const textImagesBefore = current ? await textImagesOf(trx, resource, current) : new Map<string, number[]>();
        const row = current ? await updateRow(trx, resource, current, computed) : await insertRow(trx, resource, computed);
        if (translations) await saveTranslations(trx, resource, row.id, translations, locales);
        await refuseUnknownTextImages(trx, textImagesBefore, await textImagesOf(trx, resource, row));
        if (current && resource.revisions) {
          const translatedAfter = locales.length ? { translations: await translationSnapshot(trx, resource, row.id, locales) } : {};
          await keepRevision(trx, request, resource, { ...current, ...translatedBefore }, { ...row, ...translatedAfter });
        }
        const addresses = { before: addressesBefore, after: await translatedAddresses(trx, resource, row, locales) };
        await followAddressChange(trx, resource, current, row);
        await followTranslatedAddressChange(trx, addresses.before, addresses.after);
        await noticePageChange(trx, request.server.config, resource, current, row, addresses);
        await hooks.afterWrite?.(context, row);
        // The search index and the library's uses follow every write in the write's own transaction.
        await indexRecord(trx, resource, row);
        await keepUses(trx, resource, row, await hooks.assetKeys?.(trx, row));
        return row;
      }),
    );
  });
}

async function insertRow(trx: Trx, resource: ResourceDescriptor, values: Values): Promise<Row> {
  const row: Values = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = defaultOf(field);
    if (value !== undefined) row[name] = value;
  }
  Object.assign(row, values);
  if (resource.ordered) row.position = await nextPosition(trx, orderedListOf(resource, row));
  if (resource.timestamps) row.created_at = row.updated_at = nowIso();
  return (await declared(trx).insertInto(resource.table).values(row).returningAll().executeTakeFirstOrThrow()) as Row;
}

async function updateRow(trx: Trx, resource: ResourceDescriptor, current: Row, values: Values): Promise<Row> {
  const changes: Values = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  const scope = resource.ordered?.scope;
  const moved = scope !== undefined && changes[scope] !== undefined && Number(changes[scope]) !== Number(current[scope]);
  if (moved) changes.position = await nextPosition(trx, orderedListOf(resource, changes));
  if (resource.timestamps) changes.updated_at = nowIso();
  changes.version = Number(current.version) + 1;
  const row = (await declared(trx).updateTable(resource.table).set(changes).where('id', '=', current.id).returningAll().executeTakeFirstOrThrow()) as Row;
  if (moved) await closeGap(trx, orderedListOf(resource, current));
  return row;
}

/**
 * Removes one record (or what its hook does instead): into the trash when the resource declares one, else for good
 * with its files once that committed. Answers the row as it was.
 */
export async function removeRecord(options: WriteOptions, id: number): Promise<{ row: Row; before: unknown }> {
  const { request, resource, hooks, present } = options;
  return withFileChanges(request.server.db, request.server.files, (files) =>
    auditedWrite(request, { action: options.action, resource: resource.name }, async (trx) => {
      const current = await lockedForWrite(trx, request, resource, id);
      await hooks.beforeRemove?.(trx, current);
      const [before] = await present(trx, [current]);
      const translated = await translatedAddresses(trx, resource, current, translationLocalesOf(resource, request.server.config.siteLocales));
      if (hooks.remove) {
        const kept = await hooks.remove(trx, current);
        await noticePageChange(trx, request.server.config, resource, current, kept, { before: translated, after: translated });
        await indexRecord(trx, resource, kept);
        return { id, row: kept, before };
      }
      const named = [...columnFilesOf(resource, current), ...((await hooks.filesOf?.(trx, current)) ?? [])];
      // A resource with a trash keeps the row there, and its files and history, until the entry is purged.
      if (resource.trash) await putInTrash(trx, request, resource, current, named);
      else {
        files.replaced(named);
        await forgetRevisions(trx, resource.name, id);
        await forgetTranslations(trx, resource.name, id);
      }
      await declared(trx).deleteFrom(resource.table).where('id', '=', id).execute();
      if (resource.ordered) await closeGap(trx, orderedListOf(resource, current));
      await hooks.afterRemove?.(trx, current);
      await noticePageChange(trx, request.server.config, resource, current, null, { before: translated, after: new Map() });
      await unindexRecord(trx, resource, id);
      await forgetUses(trx, resource.name, id);
      return { id, row: current, before };
    }),
  );
}

/** One verb on one row (`fix`, `move-up`, `remove-img`…): in a transaction with its audit entry; answers the row after it. */
export async function changeRecord(options: WriteOptions, id: number, change: (trx: Trx, row: Row, files: FileChanges) => Promise<void>): Promise<Row> {
  const { request, resource, hooks } = options;
  return withFileChanges(request.server.db, request.server.files, (files) =>
    auditedWrite(request, { action: options.action, resource: resource.name }, async (trx) => {
      const current = await lockedForWrite(trx, request, resource, id);
      await change(trx, current, files);
      await bumpVersion(trx, resource, id);
      const row = await loadOr404(trx, resource, id);
      const translated = await translatedAddresses(trx, resource, row, translationLocalesOf(resource, request.server.config.siteLocales));
      await noticePageChange(trx, request.server.config, resource, current, row, { before: translated, after: translated });
      await indexRecord(trx, resource, row);
      await keepUses(trx, resource, row, await hooks.assetKeys?.(trx, row));
      return row;
    }),
  );
}

/** The generic verbs a declaration implies: moves within an ordered list, removal of an image. */
export const GENERIC_VERBS: Record<string, (resource: ResourceDescriptor) => (trx: Trx, row: Row, files: FileChanges) => Promise<void>> = {
  'move-up': (resource) => async (trx, row) => {
    await moveInList(trx, orderedListOf(resource, row), row.id, 'up');
  },
  'move-down': (resource) => async (trx, row) => {
    await moveInList(trx, orderedListOf(resource, row), row.id, 'down');
  },
  'remove-img': (resource) => async (trx, row, files) => {
    const removable = imageFields(resource).filter(([, field]) => field.removable);
    files.replaced(removable.flatMap(([name]) => imageFiles((row[name] as string | null) ?? null)));
    const cleared = Object.fromEntries(removable.map(([name]) => [name, null]));
    await declared(trx)
      .updateTable(resource.table)
      .set(resource.timestamps ? { ...cleared, updated_at: nowIso() } : cleared)
      .where(sql<SqlBool>`id = ${row.id}`)
      .execute();
  },
};
