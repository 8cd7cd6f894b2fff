import { useData } from 'vike-react/useData';
import { formatMegabytes } from '@lib/format.js';
import { INVESTOR_DOCUMENT_CATEGORIES } from '@lib/resources/investor-documents.js';
import { Breadcrumbs } from '../../../../components/Breadcrumbs.js';
import { DateText } from '../../../../components/DateText.js';
import type { DocumentsData } from './+data.js';
import { documentsHref } from './filters.js';

/** Investor documents, filtered by category and year with plain links, each downloadable under its own name. */
export function Page() {
  const { list, years, category, year } = useData<DocumentsData>();
  const filterLink = (label: string, target: Parameters<typeof documentsHref>[0], current: boolean) => (
    <li key={label}>
      <a className="chip" href={documentsHref(target)} aria-current={current ? 'page' : undefined}>
        {label}
      </a>
    </li>
  );
  return (
    <div className="container page">
      <Breadcrumbs items={[{ title: 'Инвесторам', href: '/investoram' }, { title: 'Документы' }]} />
      <h1 className="page__title">Документы для инвесторов</h1>
      <nav aria-label="Категории документов">
        <ul className="chips">
          {filterLink('Все документы', { category: null, year }, category === null)}
          {INVESTOR_DOCUMENT_CATEGORIES.map((item) => filterLink(item.name, { category: item.id, year }, item.id === category))}
        </ul>
      </nav>
      {years.length > 0 && (
        <nav aria-label="Годы">
          <ul className="chips">
            {filterLink('Все годы', { category, year: null }, year === null)}
            {years.map((value) => filterLink(String(value), { category, year: value }, value === year))}
          </ul>
        </nav>
      )}
      {list.items.length === 0 ? (
        <p className="documents__empty">Документов по выбранным условиям пока нет.</p>
      ) : (
        <ul className="documents">
          {list.items.map((document) => (
            <li key={document.id} className="documents__item">
              {document.file ? (
                <a className="documents__title" href={document.file.url} download={document.file.name}>
                  {document.title}
                </a>
              ) : (
                <span className="documents__title">{document.title}</span>
              )}
              <span className="documents__meta">
                {document.file && `${document.file.format.toUpperCase()}, ${formatMegabytes(document.file.size)}, `}
                <DateText value={document.public_at} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {list.pageCount > 1 && (
        <nav className="pagination" aria-label="Страницы">
          {list.page > 1 && (
            <a className="pagination__step" href={documentsHref({ category, year, page: list.page - 1 })} rel="prev">
              ← Назад
            </a>
          )}
          {list.page < list.pageCount && (
            <a className="pagination__step" href={documentsHref({ category, year, page: list.page + 1 })} rel="next">
              Вперёд →
            </a>
          )}
        </nav>
      )}
    </div>
  );
}
