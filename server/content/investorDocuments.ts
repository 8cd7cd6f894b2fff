import type { Kysely, Selectable } from 'kysely';
import type { InvestorDocumentQuery, InvestorDocumentsService } from '../../lib/content.js';
import { PAGE_SIZES } from '../../lib/paging.js';
import type { InvestorDocument, InvestorDocumentCategory } from '../../lib/resources/investor-documents.js';
import type { StoredDocument } from '../../lib/types.js';
import type { Database, InvestorDocumentsTable } from '../db/schema.js';
import { toDownloadFile } from './mappers.js';
import { pageOf, toCount } from './paging.js';
import { visibleNow } from './visibility.js';

type Row = Selectable<InvestorDocumentsTable>;

/** Where a document downloads under its original name. */
export const documentFileUrl = (id: number): string => `/api/investor-documents/${id}/file`;

function toDocument(row: Row): InvestorDocument {
  const file = toDownloadFile(row.file);
  return {
    id: row.id,
    title: row.title,
    category: row.category as InvestorDocumentCategory,
    year: row.year,
    public_at: row.public_at,
    file: file && { ...file, url: documentFileUrl(row.id) },
  };
}

/** Published investor documents whose time has come, newest first, filtered by category and year. */
export function createInvestorDocumentsService(db: Kysely<Database>): InvestorDocumentsService {
  const visible = (query: Omit<InvestorDocumentQuery, 'page'>) => {
    let select = db.selectFrom('investor_documents').where(visibleNow());
    if (query.category) select = select.where('category', '=', query.category);
    if (query.year) select = select.where('year', '=', query.year);
    return select;
  };
  return {
    list: (query) =>
      pageOf(
        query.page,
        PAGE_SIZES.investorDocuments,
        async () =>
          toCount(
            await visible(query)
              .select((eb) => eb.fn.countAll().as('count'))
              .executeTakeFirst(),
          ),
        async (limit, offset) =>
          (await visible(query).selectAll().orderBy('public_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute()).map(toDocument),
      ),
    async years() {
      const rows = await visible({ category: null, year: null }).select('year').distinct().orderBy('year', 'desc').execute();
      return rows.map((row) => row.year);
    },
    async file(id) {
      const row = await visible({ category: null, year: null }).select('file').where('id', '=', id).executeTakeFirst();
      return row?.file ? (JSON.parse(row.file) as StoredDocument) : null;
    },
  };
}
