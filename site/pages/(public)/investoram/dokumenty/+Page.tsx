import { useData } from 'vike-react/useData';
import { formatMegabytes } from '@lib/format.js';
import { DateText } from '../../../../components/DateText.js';
import { ListPage } from '../../../../components/ListPage.js';
import type { DocumentsData } from './+data.js';

/** Investor documents, filtered by category and year with plain links, each downloadable under its own name. */
export function Page() {
  return (
    <ListPage
      data={useData<DocumentsData>()}
      breadcrumbs={[{ title: 'Инвесторам', href: '/investoram' }, { title: 'Документы' }]}
      heading="Документы для инвесторов"
      empty="Документов по выбранным условиям пока нет."
    >
      {(documents) => (
        <ul className="documents">
          {documents.map((document) => (
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
    </ListPage>
  );
}
