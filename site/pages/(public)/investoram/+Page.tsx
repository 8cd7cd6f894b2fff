import { useData } from 'vike-react/useData';
import { Breadcrumbs } from '../../../components/Breadcrumbs.js';
import { DateText } from '../../../components/DateText.js';
import { useLocalizedPath, useTexts } from '../../../i18n/useTexts.js';
import type { InvestorsData } from './+data.js';

export function Page() {
  const { pages, more, meta } = useData<InvestorsData>();
  const texts = useTexts();
  const localized = useLocalizedPath();
  return (
    <div className="container page">
      <Breadcrumbs items={[{ title: meta.title }]} />
      <h1 className="page__title">{meta.title}</h1>
      <ul className="tiles">
        {pages.map((page) => (
          <li key={page.identifier}>
            <a className="tile" href={localized(`/investoram/${page.identifier}`)}>
              <span className="tile__title">{page.title}</span>
              {page.seo_description && <span className="tile__text">{page.seo_description}</span>}
              <span className="tile__date">
                {`${texts.updated} `}
                <DateText value={page.updated_at} />
              </span>
            </a>
          </li>
        ))}
        {more.map((page) => (
          <li key={page.identifier}>
            <a className="tile" href={localized(`/investoram/${page.identifier}`)}>
              <span className="tile__title">{page.title}</span>
              <span className="tile__text">{page.description}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
