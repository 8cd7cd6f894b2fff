import type { FastifyInstance } from 'fastify';
import { enquiries } from '../../../lib/resources/enquiries.js';
import { listQuerySchema, parseListQuery } from '../../records/listQuerySchema.js';
import { parseId, runListQuery } from '../../records/listQuery.js';
import { requireAccess } from '../../auth/guard.js';
import { enquiriesCsv, type EnquiryRow } from '../../enquiries/csv.js';
import { erasePerson } from '../../enquiries/erasure.js';
import { notFound } from '../../http/errors.js';
import { contactsRequest, ENQUIRY_DOCS } from '../../routes/openapi/enquiries.js';
import type { Db, ResourceHooks, Row } from '../hooks.js';
import { listSpecOf } from '../routes.js';

/** The version of the consent text each enquiry was sent with, by the kept text's id. */
async function consentVersions(db: Db, rows: readonly Row[]): Promise<Map<number, number>> {
  const ids = [...new Set(rows.map((row) => Number(row.consent_text_id)))].filter(Number.isInteger);
  if (ids.length === 0) return new Map();
  const texts = await db.selectFrom('consent_texts').select(['id', 'page_version']).where('id', 'in', ids).execute();
  return new Map(texts.map((text) => [text.id, text.page_version]));
}

/**
 * An enquiry as staff read it: its columns and the version of the consent text it was sent with. A list row, which
 * carries only the list's columns, stays as it is.
 */
async function present(db: Db, rows: Row[]): Promise<Row[]> {
  const versions = await consentVersions(db, rows);
  return rows.map((row) => (row.consent_text_id === undefined ? row : { ...row, consent_version: versions.get(Number(row.consent_text_id)) ?? null }));
}

/**
 * Enquiries come from the site's form; staff change their status and note (the generic update). Beside that: the
 * list as CSV, the exact consent text an enquiry was sent with, and a MANAGER's erasure of a person's enquiries.
 */
export const enquiryHooks: ResourceHooks = {
  present,
  routes: (app: FastifyInstance) => {
    const spec = listSpecOf(enquiries);
    const schema = listQuerySchema(spec);
    // The export filters like the list but carries every column: the message, the note and the consent proof too.
    const exported = { ...spec, columns: undefined };
    app.get<{ Querystring: Record<string, unknown> }>('/api/admin/enquiries/export', { schema: ENQUIRY_DOCS.exportCsv }, async (request, reply) => {
      const list = { ...parseListQuery(schema, request.query), range: null };
      const { rows } = await runListQuery(app.db, exported, list);
      const csv = enquiriesCsv((await present(app.db, rows as Row[])) as unknown as EnquiryRow[]);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="obrashcheniya.csv"')
        .header('Cache-Control', 'no-store')
        .send(csv);
    });
    app.get<{ Params: { id: string } }>('/api/admin/enquiries/:id/consent', { schema: ENQUIRY_DOCS.consent }, async (request) => {
      const text = await app.db
        .selectFrom('enquiries')
        .innerJoin('consent_texts', 'consent_texts.id', 'enquiries.consent_text_id')
        .select([
          'consent_texts.title',
          'consent_texts.content',
          'consent_texts.page_id',
          'consent_texts.page_version',
          'consent_texts.locale',
          'consent_texts.sha256',
          'enquiries.consent_at as accepted_at',
        ])
        .where('enquiries.id', '=', parseId(request.params.id))
        .executeTakeFirst();
      if (!text) throw notFound();
      return { data: text };
    });
    app.post(
      '/api/admin/enquiries/erase',
      { onRequest: requireAccess('manager'), schema: { ...ENQUIRY_DOCS.erase, documentedBody: contactsRequest } },
      async (request) => ({ data: { erased: await erasePerson(request) } }),
    );
  },
};
