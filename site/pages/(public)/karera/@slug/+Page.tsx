import { useData } from 'vike-react/useData';
import { Breadcrumbs } from '../../../../components/Breadcrumbs.js';
import { DateText } from '../../../../components/DateText.js';
import { RichText } from '../../../../components/RichText.js';
import { useLocale, useLocalizedPath } from '../../../../i18n/useTexts.js';
import { VACANCY_TEXTS } from '../texts.js';
import type { VacancyData } from './+data.js';

/** A vacancy: position, city, employment, salary and description. */
export function Page() {
  const { record: vacancy, choices } = useData<VacancyData>();
  const texts = VACANCY_TEXTS[useLocale()];
  const localized = useLocalizedPath();
  return (
    <div className="container page">
      <Breadcrumbs items={[{ title: texts.title, href: localized('/karera') }, { title: vacancy.title }]} />
      <article className="article">
        <header className="article__header">
          <DateText className="article__date" value={vacancy.public_at} />
          <h1 className="article__title">{vacancy.title}</h1>
          <p className="article__lead">
            {vacancy.city} · {choices.employment?.[vacancy.employment]} · {texts.salary(vacancy.salary_from, vacancy.salary_to)}
          </p>
        </header>
        <RichText className="article__content" html={vacancy.description} />
        <footer className="article__footer">
          <a className="button button--ghost" href={localized('/karera')}>
            ← {texts.all}
          </a>
        </footer>
      </article>
    </div>
  );
}
