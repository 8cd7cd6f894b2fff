import { useData } from 'vike-react/useData';
import { Card } from '../../../components/Card.js';
import { ListPage } from '../../../components/ListPage.js';
import { useLocalizedPath, useTexts } from '../../../i18n/useTexts.js';
import type { VacanciesData } from './+data.js';

/** Open vacancies, newest first, filtered by city. */
export function Page() {
  const data = useData<VacanciesData>();
  const texts = useTexts();
  const localized = useLocalizedPath();
  return (
    <ListPage data={data} breadcrumbs={[{ title: texts.vacancies }]} heading={texts.vacancies} empty={texts.noVacancies}>
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
