import type { PageContextServer } from 'vike/types';
import { plainText } from '@lib/html.js';
import { localeOf } from '../../../../i18n/pageTexts.js';
import { recordPageData, type RecordPageData } from '../../../../recordPages.js';
import { VACANCY_TEXTS } from '../texts.js';

export type VacancyData = RecordPageData<'vacancies'>;

/** A vacancy's page, described for search engines as a job posting. */
export function data(pageContext: PageContextServer): Promise<VacancyData> {
  const { site } = pageContext;
  const texts = VACANCY_TEXTS[localeOf(pageContext)];
  return recordPageData(pageContext, 'vacancies', {
    choices: { employment: texts.employment },
    meta: (vacancy) => {
      const description = plainText(vacancy.description).slice(0, 300);
      return {
        title: `${vacancy.title} — ${vacancy.city}`,
        description: description || texts.fallbackDescription(site.brand, vacancy.title, vacancy.city),
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'JobPosting',
          title: vacancy.title,
          description: vacancy.description || vacancy.title,
          datePosted: new Date(vacancy.public_at).toISOString(),
          hiringOrganization: { '@type': 'Organization', name: site.brand, sameAs: `${site.publicUrl}/` },
          jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: vacancy.city, addressCountry: 'RU' } },
          ...(vacancy.salary_from !== null || vacancy.salary_to !== null
            ? {
                baseSalary: {
                  '@type': 'MonetaryAmount',
                  currency: 'RUB',
                  value: {
                    '@type': 'QuantitativeValue',
                    minValue: vacancy.salary_from ?? undefined,
                    maxValue: vacancy.salary_to ?? undefined,
                    unitText: 'MONTH',
                  },
                },
              }
            : {}),
        },
      };
    },
  });
}
