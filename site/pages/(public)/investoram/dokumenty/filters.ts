import type { InvestorDocumentCategory } from '@lib/resources/investor-documents.js';

export interface DocumentsFilter {
  category: InvestorDocumentCategory | null;
  year: number | null;
  page?: number;
}

/** The address of the documents page with its filters (page 1 is the address without `page`). */
export function documentsHref({ category, year, page }: DocumentsFilter): string {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  if (year) query.set('year', String(year));
  if (page && page >= 2) query.set('page', String(page));
  const search = query.toString();
  return search ? `/investoram/dokumenty?${search}` : '/investoram/dokumenty';
}
