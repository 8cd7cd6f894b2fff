import type { PageContextServer } from 'vike/types';
import { listPageData, type ListPageData } from '../../../listPages.js';

export type VacanciesData = ListPageData<'vacancies'>;

export function data(pageContext: PageContextServer): Promise<VacanciesData> {
  return listPageData(pageContext, 'vacancies', {
    title: 'Вакансии',
    description: `Вакансии ${pageContext.site.brand}: должности, города, зарплаты и условия работы.`,
    filters: { city: { label: 'Города', all: 'Все города' } },
  });
}
