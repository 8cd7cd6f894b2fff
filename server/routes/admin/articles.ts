import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../admin/audit.js';
import { withFileChanges } from '../../admin/fileChanges.js';
import { parseId, registerAdminReads, type ListSpec } from '../../admin/listQuery.js';
import { presentArticle } from '../../admin/records.js';
import { articleSlug, uniqueOr409 } from '../../admin/unique.js';
import { RASTER_IMAGE, readUploadForm, storeUploadedImage } from '../../admin/upload.js';
import { flag, isoDate, requiredText, richHtml, slugField, text } from '../../admin/validate.js';
import { parseForm } from '../../http/validation.js';
import { nowIso } from '../../content/visibility.js';
import type { ArticleUpdate } from '../../db/schema.js';
import { imageFiles } from '../../files/images.js';
import { notFound } from '../../http/errors.js';

const articleFields = z.object({
  title: requiredText(300),
  slug: slugField,
  lead: text(2000),
  content: richHtml,
  image_alt: text(300),
  public_at: isoDate,
  published: flag,
  seo_title: text(300),
  seo_description: text(1000),
});
const addSchema = articleFields.partial().required({ title: true, public_at: true });
const updateSchema = articleFields.partial();

const ARTICLE_DEFAULTS = { slug: '', lead: '', content: '', image_alt: '', published: 1, seo_title: '', seo_description: '' } as const;

/**
 * News and own media articles: one implementation for both (same columns, same verbs, multipart forms whose
 * `image` part is the picture). `add`, `update/{id}`, `remove/{id}`, `remove-img/{id}`, and the admin reads.
 */
export function articleRoutes(resource: 'news' | 'media-our', table: 'news' | 'media_our') {
  const spec: ListSpec<typeof table> = {
    resource,
    table,
    sortable: ['title', 'slug', 'public_at', 'published', 'views', 'created_at', 'updated_at'],
    searchable: ['title'],
    filters: { published: 'int', slug: 'text' },
    defaultSort: ['public_at', 'DESC'],
  };
  const folder = table === 'news' ? 'news' : 'media-our';

  return async (app: FastifyInstance): Promise<void> => {
    const { db } = app;
    registerAdminReads(app, spec, (rows) => rows.map(presentArticle));

    app.post(`/api/admin/${resource}/add`, async (request) => {
      const form = await readUploadForm(request, { image: RASTER_IMAGE });
      const values = { ...ARTICLE_DEFAULTS, ...parseForm(addSchema, form.fields) };
      const slug = await articleSlug(db, table, values.slug, values.title, null);
      const upload = form.files.find((file) => file.field === 'image');
      const row = await withFileChanges(app.files, async (changes) => {
        const image = upload ? await storeUploadedImage(app.files, folder, upload) : null;
        const imageJson = image ? JSON.stringify(image) : null;
        changes.stored(imageFiles(imageJson));
        return uniqueOr409('slug', () =>
          db.transaction().execute(async (trx) => {
            const now = nowIso();
            const inserted = await trx
              .insertInto(table)
              .values({ ...values, slug, image: imageJson, created_at: now, updated_at: now })
              .returningAll()
              .executeTakeFirstOrThrow();
            await recordAudit(request, { action: 'add', resource, recordId: inserted.id }, trx);
            return inserted;
          }),
        );
      });
      app.pageCache.invalidate(); // after commit; goes away when this route moves onto auditedWrite
      return { data: presentArticle(row) };
    });

    app.post<{ Params: { id: string } }>(`/api/admin/${resource}/update/:id`, async (request) => {
      const id = parseId(request.params.id);
      const form = await readUploadForm(request, { image: RASTER_IMAGE });
      const values = parseForm(updateSchema, form.fields);
      const existing = await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
      if (!existing) throw notFound();
      const changes: ArticleUpdate = { ...values, updated_at: nowIso() };
      if (values.slug !== undefined) changes.slug = await articleSlug(db, table, values.slug, values.title ?? existing.title, id);
      const upload = form.files.find((file) => file.field === 'image');
      const row = await withFileChanges(app.files, async (files) => {
        if (upload) {
          changes.image = JSON.stringify(await storeUploadedImage(app.files, folder, upload));
          files.stored(imageFiles(changes.image));
        }
        return uniqueOr409('slug', () =>
          db.transaction().execute(async (trx) => {
            const current = await trx.selectFrom(table).select('image').where('id', '=', id).executeTakeFirst();
            if (!current) throw notFound();
            if (upload) files.replaced(imageFiles(current.image));
            const updated = await trx.updateTable(table).set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
            await recordAudit(request, { action: 'update', resource, recordId: id }, trx);
            return updated;
          }),
        );
      });
      app.pageCache.invalidate(); // after commit; goes away when this route moves onto auditedWrite
      return { data: presentArticle(row) };
    });

    app.post<{ Params: { id: string } }>(`/api/admin/${resource}/remove/:id`, async (request) => {
      const id = parseId(request.params.id);
      const row = await withFileChanges(app.files, (files) =>
        db.transaction().execute(async (trx) => {
          const removed = await trx.deleteFrom(table).where('id', '=', id).returningAll().executeTakeFirst();
          if (!removed) throw notFound();
          files.replaced(imageFiles(removed.image));
          await recordAudit(request, { action: 'remove', resource, recordId: id }, trx);
          return removed;
        }),
      );
      app.pageCache.invalidate(); // after commit; goes away when this route moves onto auditedWrite
      return { data: presentArticle(row) };
    });

    app.post<{ Params: { id: string } }>(`/api/admin/${resource}/remove-img/:id`, async (request) => {
      const id = parseId(request.params.id);
      const row = await withFileChanges(app.files, (files) =>
        db.transaction().execute(async (trx) => {
          const current = await trx.selectFrom(table).select('image').where('id', '=', id).executeTakeFirst();
          if (!current) throw notFound();
          files.replaced(imageFiles(current.image));
          const updated = await trx
            .updateTable(table)
            .set({ image: null, updated_at: nowIso() })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordAudit(request, { action: 'remove-img', resource, recordId: id }, trx);
          return updated;
        }),
      );
      app.pageCache.invalidate(); // after commit; goes away when this route moves onto auditedWrite
      return { data: presentArticle(row) };
    });
  };
}
