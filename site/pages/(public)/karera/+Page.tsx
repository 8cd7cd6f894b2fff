import { useData } from 'vike-react/useData';
import { Card } from '../../../components/Card.js';
import { ListPage } from '../../../components/ListPage.js';
import type { VacanciesData } from './+data.js';
import { salaryText } from './salary.js';

/** Open vacancies, newest first, filtered by city. */
export function Page() {
  const data = useData<VacanciesData>();
  return (
    <ListPage data={data} breadcrumbs={[{ title: 'Вакансии' }]} heading="Вакансии" empty="Открытых вакансий по выбранным условиям сейчас нет.">
      {(vacancies) => (
        <div className="cards">
          {vacancies.map((vacancy) => (
            <Card
              key={vacancy.id}
              href={`/karera/${vacancy.slug}`}
              title={vacancy.title}
              date={vacancy.public_at}
              details={
                <p className="card__lead">
                  {vacancy.city} · {data.choices.employment?.[vacancy.employment]}
                  <br />
                  <strong>{salaryText(vacancy.salary_from, vacancy.salary_to)}</strong>
                </p>
              }
            />
          ))}
        </div>
      )}
    </ListPage>
  );
}
