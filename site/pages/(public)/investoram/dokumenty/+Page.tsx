import { useData } from 'vike-react/useData';
import { DateText } from '../../../../components/DateText.js';
import { ListPage } from '../../../../components/ListPage.js';
import { useLocalizedPath, useTexts } from '../../../../i18n/useTexts.js';
import type { DocumentsData } from './+data.js';

/** Investor documents, filtered by category and year with plain links, each downloadable under its own name. */
export function Page() {
  const texts = useTexts();
  const localized = useLocalizedPath();
  return (
    <ListPage
      data={useData<DocumentsData>()}
      breadcrumbs={[{ title: texts.sectionTitles.investoram ?? '', href: localized('/investoram') }, { title: texts.documents }]}
      heading={texts.documentsTitle}
      empty={texts.noDocuments}
    >
      {(documents) => (
        <ul className="documents">
          {documents.map((document) => (
            <li key={document.id} className="documents__item">
              {document.file ? (
                <a className="documents__title" href={document.file.url} download={document.file.name}>
                  {document.title}
                  {/* The format and size belong to the link's own text: a screen reader reads them with its name. */}
                  <span className="documents__file">{` (${document.file.format.toUpperCase()}, ${texts.fileSize(document.file.size)})`}</span>
                </a>
              ) : (
                <span className="documents__title">{document.title}</span>
              )}
              <span className="documents__meta">
                <DateText value={document.public_at} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}
