import { useData } from 'vike-react/useData';
import { Breadcrumbs } from '../../../../components/Breadcrumbs.js';
import { DateText } from '../../../../components/DateText.js';
import { RichText } from '../../../../components/RichText.js';
import { salaryText } from '../salary.js';
import type { VacancyData } from './+data.js';

/** A vacancy: position, city, employment, salary and description. */
export function Page() {
  const { record: vacancy, choices } = useData<VacancyData>();
  return (
    <div className="container page">
      <Breadcrumbs items={[{ title: 'Вакансии', href: '/karera' }, { title: vacancy.title }]} />
      <article className="article">
        <header className="article__header">
          <DateText className="article__date" value={vacancy.public_at} />
          <h1 className="article__title">{vacancy.title}</h1>
          <p className="article__lead">
            {vacancy.city} · {choices.employment?.[vacancy.employment]} · {salaryText(vacancy.salary_from, vacancy.salary_to)}
          </p>
        </header>
        <RichText className="article__content" html={vacancy.description} />
        <footer className="article__footer">
          <a className="button button--ghost" href="/karera">
            ← Все вакансии
          </a>
        </footer>
      </article>
    </div>
  );
}
