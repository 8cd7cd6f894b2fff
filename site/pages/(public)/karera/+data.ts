import type { PageContextServer } from 'vike/types';
import { textsOf } from '../../../i18n/pageTexts.js';
import { listPageData, type ListPageData } from '../../../listPages.js';

export type VacanciesData = ListPageData<'vacancies'>;

export function data(pageContext: PageContextServer): Promise<VacanciesData> {
  const texts = textsOf(pageContext);
  return listPageData(pageContext, 'vacancies', {
    title: texts.vacancies,
    description: texts.vacanciesDescription(pageContext.site.brand),
    filters: { city: { label: texts.cities, all: texts.allCities } },
  });
}
