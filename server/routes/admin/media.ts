import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { auditedWrite, recordAudit } from '../../admin/audit.js';
import { withFileChanges } from '../../admin/fileChanges.js';
import { parseId, registerAdminReads, type ListSpec } from '../../admin/listQuery.js';
import { closeGap, moveInList, nextPosition, type OrderedList } from '../../admin/ordering.js';
import { presentSource, presentVideo } from '../../admin/records.js';
import { readUploadForm, SOURCE_LOGO, storeUploadedImage } from '../../admin/upload.js';
import { flag, isoDate, optionalId, optionalWebUrl, requiredText, text, webUrl } from '../../admin/validate.js';
import { formError, parseForm } from '../../http/validation.js';
import { nowIso } from '../../content/visibility.js';
import type { Database, MediaVideoRow } from '../../db/schema.js';
import { imageFiles } from '../../files/images.js';
import { HttpError, notFound } from '../../http/errors.js';

type Db = Kysely<Database> | Transaction<Database>;
type IdParams = { Params: { id: string } };

// ---------------------------------------------------------------- press items (media-other), JSON

const pressFields = z.object({
  title: requiredText(500),
  lead: text(2000),
  url: webUrl,
  source_id: optionalId,
  public_at: isoDate,
  published: flag,
});
const PRESS_DEFAULTS = { lead: '', source_id: null, published: 1 } as const;

const PRESS_LIST: ListSpec<'media_other'> = {
  resource: 'media-other',
  table: 'media_other',
  sortable: ['title', 'url', 'source_id', 'public_at', 'published', 'created_at', 'updated_at'],
  searchable: ['title'],
  filters: { source_id: 'int', published: 'int' },
  defaultSort: ['public_at', 'DESC'],
};

async function requireSource(db: Db, sourceId: number | null | undefined): Promise<void> {
  if (sourceId === null || sourceId === undefined) return;
  const source = await db.selectFrom('media_sources').select('id').where('id', '=', sourceId).executeTakeFirst();
  if (!source) throw formError({ source_id: ['Такого источника нет.'] });
}

export async function mediaOtherRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const resource = 'media-other';
  registerAdminReads(app, PRESS_LIST, (rows) => rows);

  app.post('/api/admin/media-other/add', async (request) => {
    const values = { ...PRESS_DEFAULTS, ...parseForm(pressFields.partial().required({ title: true, url: true, public_at: true }), request.body) };
    await requireSource(db, values.source_id);
    const row = await auditedWrite(request, { action: 'add', resource }, async (trx) => {
      const now = nowIso();
      const inserted = await trx.insertInto('media_other').values({ ...values, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
      return inserted;
    });
    return { data: row };
  });

  app.post<IdParams>('/api/admin/media-other/update/:id', async (request) => {
    const id = parseId(request.params.id);
    const values = parseForm(pressFields.partial(), request.body);
    await requireSource(db, values.source_id);
    const row = await auditedWrite(request, { action: 'update', resource }, async (trx) => {
      const updated = await trx
        .updateTable('media_other')
        .set({ ...values, updated_at: nowIso() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw notFound();
      return updated;
    });
    return { data: row };
  });

  app.post<IdParams>('/api/admin/media-other/remove/:id', async (request) => {
    const id = parseId(request.params.id);
    const row = await auditedWrite(request, { action: 'remove', resource }, async (trx) => {
      const removed = await trx.deleteFrom('media_other').where('id', '=', id).returningAll().executeTakeFirst();
      if (!removed) throw notFound();
      return removed;
    });
    return { data: row };
  });
}

// ---------------------------------------------------------------- videos (media-video), JSON

const videoFields = z.object({
  title: requiredText(500),
  lead: text(2000),
  video_url: webUrl,
  public_at: isoDate,
  published: flag,
});
const VIDEO_DEFAULTS = { lead: '', published: 1 } as const;

const VIDEO_LIST: ListSpec<'media_video'> = {
  resource: 'media-video',
  table: 'media_video',
  sortable: ['title', 'public_at', 'published', 'fixed', 'fixed_order', 'created_at', 'updated_at'],
  searchable: ['title'],
  filters: { fixed: 'int', published: 'int' },
  defaultSort: ['public_at', 'DESC'],
};

/** Fixed videos are ordered by `fixed_order`, 1, 2, 3… */
const FIXED_VIDEOS: OrderedList = { table: 'media_video', column: 'fixed_order', scope: { column: 'fixed', value: 1 }, first: 1 };

export const NOT_FIXED_MESSAGE = 'Видео не закреплено.';

export async function mediaVideoRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const resource = 'media-video';
  registerAdminReads(app, VIDEO_LIST, (rows) => rows.map(presentVideo));

  /** One video verb: in a transaction, with the row (404 when unknown), audited, answering the saved row. */
  const videoVerb = (action: string, change: (trx: Transaction<Database>, row: MediaVideoRow) => Promise<void>) =>
    app.post<IdParams>(`/api/admin/media-video/${action}/:id`, async (request: FastifyRequest<IdParams>) => {
      const id = parseId(request.params.id);
      const row = await db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('media_video').selectAll().where('id', '=', id).executeTakeFirst();
        if (!current) throw notFound();
        await change(trx, current);
        await recordAudit(request, { action, resource, recordId: id }, trx);
        return trx.selectFrom('media_video').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      });
      app.pageCache.invalidate(); // after commit; goes away when this route moves onto auditedWrite
      return { data: presentVideo(row) };
    });

  app.post('/api/admin/media-video/add', async (request) => {
    const values = { ...VIDEO_DEFAULTS, ...parseForm(videoFields.partial().required({ title: true, video_url: true, public_at: true }), request.body) };
    const row = await auditedWrite(request, { action: 'add', resource }, async (trx) => {
      const now = nowIso();
      const inserted = await trx
        .insertInto('media_video')
        .values({ ...values, preview: null, fixed: 0, fixed_order: null, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return inserted;
    });
    return { data: presentVideo(row) };
  });

  app.post<IdParams>('/api/admin/media-video/update/:id', async (request) => {
    const id = parseId(request.params.id);
    const values = parseForm(videoFields.partial(), request.body);
    const row = await auditedWrite(request, { action: 'update', resource }, async (trx) => {
      const updated = await trx
        .updateTable('media_video')
        .set({ ...values, updated_at: nowIso() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw notFound();
      return updated;
    });
    return { data: presentVideo(row) };
  });

  app.post<IdParams>('/api/admin/media-video/remove/:id', async (request) => {
    const id = parseId(request.params.id);
    const row = await withFileChanges(app.files, (files) =>
      auditedWrite(request, { action: 'remove', resource }, async (trx) => {
        const removed = await trx.deleteFrom('media_video').where('id', '=', id).returningAll().executeTakeFirst();
        if (!removed) throw notFound();
        files.replaced(imageFiles(removed.preview));
        if (removed.fixed) await closeGap(trx, FIXED_VIDEOS);
        return removed;
      }),
    );
    return { data: presentVideo(row) };
  });

  // Fix appends to the end of the fixed order; fixing a fixed video changes nothing.
  videoVerb('fix', async (trx, row) => {
    if (row.fixed) return;
    const order = await nextPosition(trx, FIXED_VIDEOS);
    await trx.updateTable('media_video').set({ fixed: 1, fixed_order: order, updated_at: nowIso() }).where('id', '=', row.id).execute();
  });

  // Unfix takes the video out of the fixed order and closes the gap it leaves.
  videoVerb('unfix', async (trx, row) => {
    if (!row.fixed) return;
    await trx.updateTable('media_video').set({ fixed: 0, fixed_order: null, updated_at: nowIso() }).where('id', '=', row.id).execute();
    await closeGap(trx, FIXED_VIDEOS);
  });

  // Moves swap with the neighbour among fixed videos; at the edges they change nothing.
  for (const [action, direction] of [
    ['move-up-fixed', 'up'],
    ['move-down-fixed', 'down'],
  ] as const) {
    videoVerb(action, async (trx, row) => {
      if (!row.fixed) throw new HttpError(400, NOT_FIXED_MESSAGE);
      await moveInList(trx, FIXED_VIDEOS, row.id, direction);
    });
  }
}

// ---------------------------------------------------------------- sources (media-source), multipart, MANAGER

const sourceFields = z.object({
  name: requiredText(200),
  url: optionalWebUrl,
  active: flag,
});
const SOURCE_DEFAULTS = { url: '', active: 1 } as const;

const SOURCE_LIST: ListSpec<'media_sources'> = {
  resource: 'media-source',
  table: 'media_sources',
  sortable: ['name', 'url', 'active', 'created_at', 'updated_at'],
  searchable: ['name'],
  filters: { active: 'int' },
  defaultSort: ['name', 'ASC'],
};

export async function mediaSourceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const resource = 'media-source';
  registerAdminReads(app, SOURCE_LIST, (rows) => rows.map(presentSource));

  /** add and update: the form's fields and an optional `logo` file replacing the old one. */
  const save = async (request: FastifyRequest, id: number | null) => {
    const form = await readUploadForm(request, { logo: SOURCE_LOGO });
    const values = parseForm(id === null ? sourceFields.partial().required({ name: true }) : sourceFields.partial(), form.fields);
    if (id !== null && !(await db.selectFrom('media_sources').select('id').where('id', '=', id).executeTakeFirst())) throw notFound();
    const upload = form.files.find((file) => file.field === 'logo');
    return withFileChanges(app.files, async (files) => {
      const logo = upload ? JSON.stringify(await storeUploadedImage(app.files, 'media-sources', upload)) : undefined;
      files.stored(imageFiles(logo ?? null));
      return auditedWrite(request, { action: id === null ? 'add' : 'update', resource }, async (trx) => {
        const now = nowIso();
        let row;
        if (id === null) {
          row = await trx
            .insertInto('media_sources')
            .values({ ...SOURCE_DEFAULTS, name: '', ...values, logo: logo ?? null, created_at: now, updated_at: now })
            .returningAll()
            .executeTakeFirstOrThrow();
        } else {
          const current = await trx.selectFrom('media_sources').select('logo').where('id', '=', id).executeTakeFirst();
          if (!current) throw notFound();
          if (logo) files.replaced(imageFiles(current.logo));
          row = await trx.updateTable('media_sources').set({ ...values, logo, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
        }
        return row;
      });
    });
  };

  app.post('/api/admin/media-source/add', async (request) => ({ data: presentSource(await save(request, null)) }));
  app.post<IdParams>('/api/admin/media-source/update/:id', async (request) => ({
    data: presentSource(await save(request, parseId(request.params.id))),
  }));

  // A source is never deleted (press items keep pointing to it): remove deactivates it and answers `active: 0`.
  app.post<IdParams>('/api/admin/media-source/remove/:id', async (request) => {
    const id = parseId(request.params.id);
    const row = await auditedWrite(request, { action: 'remove', resource }, async (trx) => {
      const updated = await trx
        .updateTable('media_sources')
        .set({ active: 0, updated_at: nowIso() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw notFound();
      return updated;
    });
    return { data: presentSource(row) };
  });
}
