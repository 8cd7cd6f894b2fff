import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { idFromText, MAX_ID } from '../../lib/ids.js';
import { FILE_FORMAT_LABELS, MB, PICTURE, resourceNamed, type AssetUse, type FileFormat } from '../../lib/resources/index.js';
import { auditedWrite } from '../records/audit.js';
import { withFileChanges } from '../records/fileChanges.js';
import { readUploadForm, refusalOf, type FileRule, type UploadedFile } from '../records/upload.js';
import { integer } from '../records/validate.js';
import { nowIso, visibleNow } from '../content/visibility.js';
import { declared } from '../db/declared.js';
import type { Db } from '../db/schema.js';
import { mediaTypeOf, servedHeadersOf } from '../files/mediaTypes.js';
import { matchesEtag } from '../http/conditions.js';
import { HttpError, notFound } from '../http/errors.js';
import { idParams } from '../resources/zod.js';
import type { Row } from '../resources/hooks.js';
import { trashTitleOf } from '../trash/entries.js';
import { ASSET_DOCS } from './docs.js';
import { keysOfAssetFile, kindOfFormat, mainKeyOf, sha256Of, storeAssetFile } from './files.js';
import { assetById, assetWithSha, claimFiles, insertAsset, LIBRARY_FOLDER, type AssetRow } from './library.js';
import { presentAssets } from './present.js';
import { requirePublishOverLiveUses, requireRightsOverUses, requireUsesTake } from './rights.js';
import { assetIsPublic, fileAccess, STAFF_FILE_CACHE } from './visibility.js';
import { keysNoTrashNames, rewriteUses } from './replace.js';
import { keysOfPrevious, lockedAsset, previousFileJson, revertReplacement } from './previous.js';

const ALL_FORMATS = Object.keys(FILE_FORMAT_LABELS) as FileFormat[];
const DOCUMENT_FORMATS = ALL_FORMATS.filter((format) => kindOfFormat(format) === 'document');
const IMAGE_FORMATS = ALL_FORMATS.filter((format) => kindOfFormat(format) === 'image');

/** The largest document the library takes (the investor documents' limit); pictures keep the pictures' limit. */
const DOCUMENT_MAX_BYTES = 50 * MB;

export const NO_FILE_MESSAGE = 'Выберите файл.';
export const NO_FOLDER_MESSAGE = 'Такой папки нет.';
export const IN_USE_MESSAGE = 'Файл используется. Удалить его можно, только увидев, где он используется.';

/** One file of the given formats per request. */
const ruleOf = (kinds: readonly FileFormat[]): Record<string, FileRule> => ({ file: { kinds, maxBytes: DOCUMENT_MAX_BYTES, maxFiles: 1 } });

/** The one file of a library upload, checked; a picture within the pictures' limit. The refusal names the file. */
async function oneUpload(request: FastifyRequest, kinds: readonly FileFormat[]): Promise<{ upload: UploadedFile; fields: Record<string, string> }> {
  const form = await readUploadForm(request, ruleOf(kinds), { namesRefusedFile: true });
  const upload = form.files[0];
  if (!upload) throw new HttpError(400, NO_FILE_MESSAGE, { file: [NO_FILE_MESSAGE] });
  if (kindOfFormat(upload.kind) === 'image' && upload.data.length > PICTURE.maxBytes) {
    throw new HttpError(413, `«${upload.name}»: Изображение больше допустимых ${PICTURE.maxBytes / MB} МБ.`, { file: ['Файл слишком большой.'] });
  }
  return { upload, fields: form.fields };
}

/** A folder id from a form or body (empty: the root), checked to exist. */
async function folderOf(db: Db, value: unknown): Promise<number | null> {
  if (value === undefined || value === null || value === '') return null;
  const id = typeof value === 'number' ? value : idFromText(String(value));
  const folder = id === null ? undefined : await db.selectFrom('asset_folders').select('id').where('id', '=', id).executeTakeFirst();
  if (!folder) throw new HttpError(400, NO_FOLDER_MESSAGE, { folder_id: [NO_FOLDER_MESSAGE] });
  return folder.id;
}

/** Stores an upload the way its asset keeps it (with the message naming the file when a picture is refused). */
async function stored(request: FastifyRequest, folder: string, upload: UploadedFile, mode: 'picture' | 'download') {
  try {
    return await storeAssetFile(request.server.files, folder, upload, mode);
  } catch (error) {
    throw error instanceof HttpError ? refusalOf(error, upload.name) : error;
  }
}

/**
 * Where an asset is used, each use with its record's title, admin address and whether visitors see the record now;
 * uses of records gone are left out.
 */
export async function usesOf(db: Db, assetId: number): Promise<AssetUse[]> {
  const uses = await db
    .selectFrom('asset_uses')
    .selectAll()
    .where('asset_id', '=', assetId)
    .orderBy('resource')
    .orderBy('record_id')
    .orderBy('field')
    .execute();
  const found: AssetUse[] = [];
  for (const use of uses) {
    const resource = resourceNamed(use.resource);
    const row = resource && ((await declared(db).selectFrom(resource.table).selectAll().where('id', '=', use.record_id).executeTakeFirst()) as Row | undefined);
    if (!resource || !row) continue;
    const visible = await declared(db).selectFrom(resource.table).select('id').where('id', '=', use.record_id).where(visibleNow(resource)).executeTakeFirst();
    found.push({
      resource: use.resource,
      record_id: use.record_id,
      field: use.field,
      title: trashTitleOf(resource, row),
      admin_path: `/${use.resource}/${use.record_id}`,
      published: visible !== undefined,
    });
  }
  return found;
}

const moveBody = z.object({
  ids: z.array(integer(1, MAX_ID)).min(1, 'Выберите файлы.').max(1000, 'Не больше 1000 файлов за раз.'),
  folder_id: integer(1, MAX_ID).nullable(),
});

type IdRoute = { Params: { id: number } };

/** The library's own admin routes beside its generic reads and update: upload, move, uses, removal, replacement and its undoing. */
export async function assetAdminRoutes(app: FastifyInstance, remove: (request: FastifyRequest, id: number) => Promise<unknown>): Promise<void> {
  const presentOne = async (db: Db, row: AssetRow) => (await presentAssets(db, [row as unknown as Row]))[0];

  app.post('/api/admin/assets/upload', { schema: { ...ASSET_DOCS.upload, consumes: ['multipart/form-data'] } }, async (request, reply) => {
    const { upload, fields } = await oneUpload(request, ALL_FORMATS);
    const folderId = await folderOf(app.db, fields.folder_id);
    const duplicate = await assetWithSha(app.db, sha256Of(upload.data));
    if (duplicate) return reply.code(200).send({ duplicate: await presentOne(app.db, duplicate) });
    const asset = await withFileChanges(app.db, app.files, async (files) => {
      const file = await stored(request, LIBRARY_FOLDER, upload, 'picture');
      files.stored(keysOfAssetFile(file.file));
      return auditedWrite(request, { action: 'upload', resource: 'assets' }, (trx) =>
        insertAsset(trx, file, { name: upload.name, folder_id: folderId, created_by: request.user?.id ?? null }),
      );
    });
    return reply.code(201).send({ asset: await presentOne(app.db, asset) });
  });

  app.post('/api/admin/assets/move', { schema: { ...ASSET_DOCS.move, body: moveBody } }, async (request) => {
    const { ids, folder_id: target } = request.body as z.output<typeof moveBody>;
    const folderId = await folderOf(app.db, target);
    const { moved } = await auditedWrite(request, { action: 'move', resource: 'assets' }, async (trx) => {
      const result = await trx
        .updateTable('assets')
        .set({ folder_id: folderId, updated_at: nowIso(), version: sql`version + 1` })
        .where('id', 'in', [...new Set(ids)])
        .executeTakeFirst();
      return { id: null, moved: Number(result.numUpdatedRows) };
    });
    return { moved };
  });

  app.get<IdRoute>('/api/admin/assets/:id/uses', { schema: { ...ASSET_DOCS.uses, params: idParams } }, async (request) => {
    if (!(await assetById(app.db, request.params.id))) throw notFound();
    await requireRightsOverUses(app.db, request.user, request.params.id);
    return usesOf(app.db, request.params.id);
  });

  app.delete<IdRoute & { Querystring: { confirm?: string } }>(
    '/api/admin/assets/:id',
    { schema: { ...ASSET_DOCS.remove, params: idParams } },
    async (request) => {
      await requireRightsOverUses(app.db, request.user, request.params.id);
      await requirePublishOverLiveUses(app.db, request.user, request.params.id);
      const uses = await usesOf(app.db, request.params.id);
      if (uses.length && request.query.confirm !== 'uses') throw new HttpError(409, IN_USE_MESSAGE, undefined, { uses });
      return { data: await remove(request, request.params.id) };
    },
  );

  app.post<IdRoute>(
    '/api/admin/assets/:id/replace',
    { schema: { ...ASSET_DOCS.replace, params: idParams, consumes: ['multipart/form-data'] } },
    async (request) => {
      const before = await assetById(app.db, request.params.id);
      if (!before) throw notFound();
      await requireRightsOverUses(app.db, request.user, before.id);
      await requirePublishOverLiveUses(app.db, request.user, before.id);
      // The new file is of the asset's kind, and checked and re-encoded as an upload is.
      const { upload } = await oneUpload(request, before.kind === 'image' ? IMAGE_FORMATS : DOCUMENT_FORMATS);
      await requireUsesTake(app.db, before.id, upload.kind, upload.name);
      // It is kept as the old one was (a picture, or a file as downloaded: a logo's PNG), in its folder.
      const oldMain = mainKeyOf(before.file);
      const mode = before.file.startsWith('{') || before.format === 'svg' ? 'picture' : 'download';
      const after = await withFileChanges(app.db, app.files, async (files) => {
        const file = await stored(request, oldMain.slice(0, oldMain.lastIndexOf('/')), upload, mode);
        files.stored(keysOfAssetFile(file.file));
        return auditedWrite(request, { action: 'replace', resource: 'assets' }, async (trx) => {
          const current = await lockedAsset(trx, request, before.id);
          // What uses it now, in the transaction: a record may have started using it while the file was stored.
          await requireRightsOverUses(trx, request.user, current.id);
          await requirePublishOverLiveUses(trx, request.user, current.id);
          await requireUsesTake(trx, current.id, upload.kind, upload.name);
          const row = (await trx
            .updateTable('assets')
            .set({
              format: file.format,
              size: file.size,
              width: file.width,
              height: file.height,
              sha256: file.sha256,
              file: file.file,
              text_layer: file.textLayer,
              previous_file: previousFileJson(current),
              updated_at: nowIso(),
              version: current.version + 1,
            })
            .where('id', '=', current.id)
            .returningAll()
            .executeTakeFirstOrThrow()) as AssetRow;
          await claimFiles(trx, row.id, row.file);
          await rewriteUses(trx, request, current, row);
          // The replaced file is kept so the replacement can be undone; the one kept before goes, but for the files a
          // record in the trash still names: restored, it shows them again.
          files.replaced(await keysNoTrashNames(trx, keysOfPrevious(current.previous_file)));
          return row;
        });
      });
      return { data: await presentOne(app.db, after) };
    },
  );

  app.post<IdRoute>('/api/admin/assets/:id/revert-file', { schema: { ...ASSET_DOCS.revertFile, params: idParams } }, async (request) => ({
    data: await presentOne(app.db, await revertReplacement(request, request.params.id)),
  }));
}

/**
 * The lasting address of a library file (`/api/assets/{id}/file`): always the asset's current file, so a document
 * linked there stays linked when its file is replaced. Answers are revalidated (`ETag` of the file's SHA-256,
 * `Cache-Control: no-cache`), so a replaced file is seen at once. Like the uploads, anyone may read it only while a
 * record visitors see uses it; else only the staff may.
 */
export const assetFileRoutes: FastifyPluginAsync = async (app) => {
  app.get<IdRoute>('/api/assets/:id/file', { schema: { ...ASSET_DOCS.file, params: idParams } }, async (request, reply) => {
    const asset = await assetById(app.db, request.params.id);
    const access = asset ? await fileAccess(request, () => assetIsPublic(app.db, asset.id)) : null;
    const key = asset && access && mainKeyOf(asset.file);
    const stream = key ? await app.files.read(key) : null;
    if (!asset || !key || !stream) throw notFound('Файл не найден.');
    const etag = `"${asset.sha256}"`;
    reply.header('ETag', etag).header('Cache-Control', access === 'staff' ? STAFF_FILE_CACHE : 'no-cache');
    if (matchesEtag(request.headers['if-none-match'], etag)) {
      stream.destroy();
      return reply.code(304).send();
    }
    for (const [name, value] of servedHeadersOf(key)) reply.header(name, value);
    return reply
      .type(mediaTypeOf(key))
      .header('Content-Disposition', `${asset.kind === 'document' ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(asset.name)}`)
      .send(stream);
  });
};
