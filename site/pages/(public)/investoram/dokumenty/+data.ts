import type { PageContextServer } from 'vike/types';
import { textsOf } from '../../../../i18n/pageTexts.js';
import { listPageData, type ListPageData } from '../../../../listPages.js';

export type DocumentsData = ListPageData<'investor-documents'>;

export function data(pageContext: PageContextServer): Promise<DocumentsData> {
  const texts = textsOf(pageContext);
  return listPageData(pageContext, 'investor-documents', {
    title: texts.documentsTitle,
    description: texts.documentsDescription(pageContext.site.brand),
    filters: { category: { label: texts.documentCategories, all: texts.allDocuments }, year: { label: texts.years, all: texts.allYears } },
    choices: { category: texts.documentCategoryNames },
  });
}
