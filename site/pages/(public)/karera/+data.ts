import type { PageContextServer } from 'vike/types';
import { localeOf } from '../../../i18n/pageTexts.js';
import { listPageData, type ListPageData } from '../../../listPages.js';
import { VACANCY_TEXTS } from './texts.js';

export type VacanciesData = ListPageData<'vacancies'>;

export function data(pageContext: PageContextServer): Promise<VacanciesData> {
  const texts = VACANCY_TEXTS[localeOf(pageContext)];
  return listPageData(pageContext, 'vacancies', {
    title: texts.title,
    description: texts.description(pageContext.site.brand),
    filters: { city: { label: texts.cities, all: texts.allCities } },
    choices: { employment: texts.employment },
  });
}
