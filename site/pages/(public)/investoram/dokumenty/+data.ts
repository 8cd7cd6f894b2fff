import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { PAGE_NOT_FOUND_MESSAGE } from '@lib/paging.js';
import { INVESTOR_DOCUMENT_CATEGORIES, investorDocuments, type InvestorDocument, type InvestorDocumentCategory } from '@lib/resources/investor-documents.js';
import type { Page } from '@lib/types.js';
import { assertPageExists, currentPage } from '../../../../guards.js';
import type { WithMeta } from '../../../../meta.js';
import { documentsHref } from './filters.js';

export interface DocumentsData extends WithMeta {
  list: Page<InvestorDocument>;
  years: number[];
  category: InvestorDocumentCategory | null;
  year: number | null;
}

/** A filter value from the address: absent is none; a value that names nothing is a page that does not exist. */
function filterOf<T>(value: string | undefined, parse: (value: string) => T | undefined): T | null {
  if (value === undefined || value === '') return null;
  const parsed = parse(value);
  if (parsed === undefined) throw render(404, PAGE_NOT_FOUND_MESSAGE);
  return parsed;
}

export async function data(pageContext: PageContextServer): Promise<DocumentsData> {
  const { search } = pageContext.urlParsed;
  const category = filterOf(search.category, (value) => INVESTOR_DOCUMENT_CATEGORIES.find((item) => item.id === value)?.id);
  const year = filterOf(search.year, (value) => (/^\d{4}$/.test(value) ? Number(value) : undefined));
  const page = currentPage(pageContext);
  const filters = { ...(category ? { category } : {}), ...(year ? { year } : {}) };
  const [records, years] = await Promise.all([
    pageContext.content.publicLists.list(investorDocuments.name, filters, page),
    pageContext.content.publicLists.values(investorDocuments.name, 'year'),
  ]);
  // The list answers the fields the declaration shows visitors: those of an investor document.
  const list = records as unknown as Page<InvestorDocument>;
  assertPageExists(page, list.pageCount);
  const categoryName = INVESTOR_DOCUMENT_CATEGORIES.find((item) => item.id === category)?.name;
  return {
    list,
    years: years.map(Number),
    category,
    year,
    meta: {
      title: ['Документы для инвесторов', categoryName, year].filter(Boolean).join(' — '),
      page,
      description: `Годовые отчёты, финансовая отчётность, раскрытие информации и материалы собраний акционеров ${pageContext.site.brand}.`,
      canonicalPath: documentsHref({ category, year, page }),
    },
  };
}
