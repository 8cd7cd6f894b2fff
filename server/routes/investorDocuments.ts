import { createReadStream } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { INVESTOR_DOCUMENT_CATEGORIES, investorDocuments, type InvestorDocumentCategory } from '../../lib/resources/investor-documents.js';
import { notFound } from '../http/errors.js';
import { requirePage } from '../http/paging.js';
import { integer } from '../admin/validate.js';
import { idParams } from '../resources/zod.js';

const categoryKeys = INVESTOR_DOCUMENT_CATEGORIES.map((category) => category.id) as [InvestorDocumentCategory, ...InvestorDocumentCategory[]];

const listQuery = z.object({
  category: z.preprocess((value) => (value === '' ? undefined : value), z.enum(categoryKeys).optional()),
  year: z.preprocess((value) => (value === '' ? undefined : value), integer(investorDocuments.fields.year.min, investorDocuments.fields.year.max).optional()),
  page: z.string().optional(),
});

const MEDIA_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** `attachment` under the document's original name: an ASCII fallback and the UTF-8 name (RFC 6266). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Investor documents for visitors: a page of them by category and year, and each file under its original name. */
export const investorDocumentsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { category?: InvestorDocumentCategory; year?: number; page?: string } }>(
    '/api/investor-documents',
    { schema: { querystring: listQuery } },
    async (request) => {
      const { category, year, page } = request.query;
      return { data: await app.content.investorDocuments.list({ category: category ?? null, year: year ?? null, page: requirePage(page) }) };
    },
  );

  app.get<{ Params: { id: number } }>('/api/investor-documents/:id/file', { schema: { params: idParams } }, async (request, reply) => {
    const file = await app.content.investorDocuments.file(request.params.id);
    if (!file) throw notFound('Документ не найден.');
    return reply
      .type(MEDIA_TYPES[file.format] ?? 'application/octet-stream')
      .header('Content-Disposition', contentDisposition(file.name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=0, must-revalidate')
      .send(createReadStream(app.files.pathOf(file.src)));
  });
};
