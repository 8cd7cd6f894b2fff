import type { PageContextServer } from 'vike/types';
import { listPageData, type ListPageData } from '../../../../listPages.js';

export type DocumentsData = ListPageData<'investor-documents'>;

export function data(pageContext: PageContextServer): Promise<DocumentsData> {
  return listPageData(pageContext, 'investor-documents', {
    title: 'Документы для инвесторов',
    description: `Годовые отчёты, финансовая отчётность, раскрытие информации и материалы собраний акционеров ${pageContext.site.brand}.`,
    filters: { category: { label: 'Категории документов', all: 'Все документы' }, year: { label: 'Годы', all: 'Все годы' } },
  });
}
