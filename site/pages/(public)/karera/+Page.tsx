import { useData } from 'vike-react/useData';
import { Card } from '../../../components/Card.js';
import { ListPage } from '../../../components/ListPage.js';
import { useLocale, useLocalizedPath } from '../../../i18n/useTexts.js';
import type { VacanciesData } from './+data.js';
import { VACANCY_TEXTS } from './texts.js';

/** Open vacancies, newest first, filtered by city. */
export function Page() {
  const data = useData<VacanciesData>();
  const texts = VACANCY_TEXTS[useLocale()];
  const localized = useLocalizedPath();
  return (
    <ListPage data={data} breadcrumbs={[{ title: texts.title }]} heading={texts.title} empty={texts.empty}>
      {(vacancies) => (
        <div className="cards">
          {vacancies.map((vacancy) => (
            <Card
              key={vacancy.id}
              href={localized(`/karera/${vacancy.slug}`)}
              title={vacancy.title}
              date={vacancy.public_at}
              details={
                <p className="card__lead">
                  {vacancy.city} · {data.choices.employment?.[vacancy.employment]}
                  <br />
                  <strong>{texts.salary(vacancy.salary_from, vacancy.salary_to)}</strong>
                </p>
              }
            />
          ))}
        </div>
      )}
    </ListPage>
  );
}
