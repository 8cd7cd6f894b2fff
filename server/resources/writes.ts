import type { FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { FIELD_MESSAGES, reversedRange, type ResourceDescriptor } from '../../lib/resources/index.js';
import { auditedWrite } from '../records/audit.js';
import { expectedVersions } from '../records/versions.js';
import { withFileChanges, type FileChanges } from '../records/fileChanges.js';
import { closeGap, moveInList } from '../records/ordering.js';
import { conflict, recordSlug, uniqueOr409 } from '../records/unique.js';
import type { UploadedFile } from '../records/upload.js';
import { forgetUses, keepUses, refuseUnknownTextImages, textImagesOf } from '../assets/uses.js';
import { nowIso } from '../content/visibility.js';
import { imageFiles } from '../files/images.js';
import { formError } from '../http/validation.js';
import { forgetRevisions, keepRevision } from '../revisions/store.js';
import { deleteDraft } from '../review/store.js';
import { indexRecord, unindexRecord } from '../search/indexer.js';
import { followAddressChange, followTranslatedAddressChange } from '../redirects/store.js';
import { noticePageChange } from '../indexnow/notify.js';
import { putInTrash } from '../trash/entries.js';
import { declared } from '../db/declared.js';
import type { Db, ResourceHooks, Row, Trx, Values, WriteContext } from './hooks.js';
import { preparedValues } from './preparedValues.js';
import { lockForDecision } from '../db/locks.js';
import { saveTranslations, translationLocalesOf, translationSnapshot, type SentTranslations } from '../translations/admin.js';
import { forgetTranslations } from '../translations/store.js';
import { translatedAddresses } from '../translations/addresses.js';
import { bumpVersion, insertRow, loadOr404, lockedForWrite, missingReference, orderedListOf, takenValue, updateRow } from './rows.js';
import { columnFilesOf, columnUploads, imageFields, prepareColumnUploads, settleColumnUploads } from './uploadColumns.js';

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
  /** The versions the live record may have, instead of the request's `If-Match` (a draft's publication). */
  expected?: number[] | null;
  /** More of the same write, in its transaction once the row is saved (a published draft is forgotten there). */
  inWrite?: (trx: Trx, row: Row) => Promise<void>;
  /**
   * A last word on an update, a removal or a verb once its record is locked, before anything is written: it throws to
   * stop the write (a USER's change under review finds there, race-free, that the record went live meanwhile).
   */
  onLocked?: (trx: Trx, current: Row) => Promise<void>;
}

/**
 * Adds (`id` null) or updates one record: checks, files, then one audited transaction; files follow the row. Rich
 * HTML is sanitised and the fields declared with `typography` typeset first (off the main thread), so what is
 * checked, stored, indexed, kept in history and answered is the clean, typeset text, for every resource alike.
 */
export async function saveRecord(options: WriteOptions, id: number | null, input: Values, uploads: readonly UploadedFile[]): Promise<Row> {
  const { request, resource, hooks } = options;
  // The record's versions in other languages, where the site has them: saved and kept in history with the record.
  const locales = translationLocalesOf(resource, request.server.config.siteLocales);
  const { db, files: store } = request.server;
  const existing = id === null ? null : await loadOr404(db, resource, id);
  const values = await preparedValues(request, resource, input, locales, existing);
  const translations = locales.length ? (values.translations as SentTranslations | undefined) : undefined;
  if (id === null) {
    const missing = columnUploads(resource).find(
      ([name, field]) => field.required && values[name] === undefined && !uploads.some((file) => file.field === name),
    );
    if (missing) throw formError({ [missing[0]]: [missing[1].missing ?? FIELD_MESSAGES.fileMissing] });
  }
  const unknown = await missingReference(db, resource, values, options.tableOf);
  if (unknown) throw formError({ [unknown.field]: [unknown.message] });
  const reversed = reversedRange(resource.fields, { ...existing, ...values });
  if (reversed) throw formError({ [reversed.field]: [reversed.message] });
  const taken = await takenValue(db, resource, values, id);
  if (taken) throw conflict(taken.field, taken.message);
  await hooks.check?.(db, values, existing, uploads, request);

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
        if (hooks.serializedBy) await lockForDecision(trx, hooks.serializedBy);
        const current =
          id === null ? null : await lockedForWrite(trx, request, resource, id, options.expected === undefined ? expectedVersions(request) : options.expected);
        if (current) await options.onLocked?.(trx, current);
        await hooks.checkInWrite?.(trx, values, current);
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
        await options.inWrite?.(trx, row);
        return row;
      }),
    );
  });
}

/**
 * Removes one record (or what its hook does instead): into the trash when the resource declares one, else for good
 * with its files once that committed. Answers the row as it was.
 */
export async function removeRecord(options: WriteOptions, id: number): Promise<{ row: Row; before: unknown }> {
  const { request, resource, hooks, present } = options;
  return withFileChanges(request.server.db, request.server.files, (files) =>
    auditedWrite(request, { action: options.action, resource: resource.name }, async (trx) => {
      if (hooks.serializedBy) await lockForDecision(trx, hooks.serializedBy);
      const current = await lockedForWrite(trx, request, resource, id);
      await options.onLocked?.(trx, current);
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
      // A resource with a trash keeps the row there, and its files, history and draft, until the entry is purged.
      if (resource.trash) await putInTrash(trx, request, resource, current, named);
      else {
        files.replaced(named);
        await forgetRevisions(trx, resource.name, id);
        await forgetTranslations(trx, resource.name, id);
        await deleteDraft(trx, resource.name, id);
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
      await options.onLocked?.(trx, current);
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
