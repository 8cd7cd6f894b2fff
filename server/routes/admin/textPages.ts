import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../admin/audit.js';
import { parseId, registerAdminReads, type ListSpec } from '../../admin/listQuery.js';
import { conflict, uniqueOr409 } from '../../admin/unique.js';
import { requiredText, richHtml, SLUG_PATTERN, text } from '../../admin/validate.js';
import { parseForm } from '../../http/validation.js';
import { nowIso } from '../../content/visibility.js';
import { notFound } from '../../http/errors.js';

const TEXT_PAGES_LIST: ListSpec<'text_pages'> = {
  resource: 'text-pages',
  table: 'text_pages',
  sortable: ['identifier', 'section', 'title', 'created_at', 'updated_at'],
  searchable: ['title', 'identifier'],
  filters: { section: 'text', identifier: 'text' },
  defaultSort: ['title', 'ASC'],
};

const identifier = requiredText(120).refine((value) => SLUG_PATTERN.test(value), 'Только строчные латинские буквы, цифры и дефисы.');

/** `update` names the page by its identifier (spec §7: `{ content, identifier }`); the other fields are optional. */
const updateSchema = z.object({
  identifier: requiredText(120),
  content: richHtml,
  title: text(300).min(1).optional(),
  seo_title: text(300).optional(),
  seo_description: text(1000).optional(),
});

const addSchema = z.object({
  identifier,
  title: requiredText(300),
  content: richHtml.default(''),
  section: z.enum(['investoram'], { error: 'Раздел — investoram или пусто.' }).nullable().default(null),
  seo_title: text(300).default(''),
  seo_description: text(1000).default(''),
});

/** Text pages (MANAGER): `update` by identifier, `add`, `remove/{id}`, and the admin reads. */
export async function textPagesAdminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const resource = 'text-pages';
  registerAdminReads(app, TEXT_PAGES_LIST, (rows) => rows);

  app.post('/api/admin/text-pages/update', async (request) => {
    const { identifier: key, ...values } = parseForm(updateSchema, request.body);
    const row = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('text_pages')
        .set({ ...values, updated_at: nowIso() })
        .where('identifier', '=', key)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw notFound('Текстовая страница не найдена.');
      await recordAudit(request, { action: 'update', resource, recordId: updated.id }, trx);
      return updated;
    });
    app.pageCache.invalidate(); // after commit; goes away when this route moves onto auditedWrite
    return { data: row };
  });

  app.post('/api/admin/text-pages/add', async (request) => {
    const values = parseForm(addSchema, request.body);
    const taken = await db.selectFrom('text_pages').select('id').where('identifier', '=', values.identifier).executeTakeFirst();
    if (taken) throw conflict('identifier', 'Страница с таким идентификатором уже есть.');
    const row = await uniqueOr409('identifier', () =>
      db.transaction().execute(async (trx) => {
        const now = nowIso();
        const inserted = await trx.insertInto('text_pages').values({ ...values, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
        await recordAudit(request, { action: 'add', resource, recordId: inserted.id }, trx);
        return inserted;
      }),
    );
    app.pageCache.invalidate(); // after commit; goes away when this route moves onto auditedWrite
    return { data: row };
  });

  app.post<{ Params: { id: string } }>('/api/admin/text-pages/remove/:id', async (request) => {
    const id = parseId(request.params.id);
    const row = await db.transaction().execute(async (trx) => {
      const removed = await trx.deleteFrom('text_pages').where('id', '=', id).returningAll().executeTakeFirst();
      if (!removed) throw notFound();
      await recordAudit(request, { action: 'remove', resource, recordId: id }, trx);
      return removed;
    });
    app.pageCache.invalidate(); // after commit; goes away when this route moves onto auditedWrite
    return { data: row };
  });
}
