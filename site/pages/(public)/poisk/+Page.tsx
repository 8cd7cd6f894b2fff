import { useData } from 'vike-react/useData';
import { SEARCH_QUERY_MAX, type TextPiece } from '@lib/search.js';
import { Breadcrumbs } from '../../../components/Breadcrumbs.js';
import { DateText } from '../../../components/DateText.js';
import { useLocalizedPath, useTexts } from '../../../i18n/useTexts.js';
import type { SearchData } from './+data.js';
import { searchHref } from './href.js';

/** Text with the words found in `<mark>`; the pieces are plain text, so nothing stored is injected as HTML. */
function Marked({ pieces }: { pieces: TextPiece[] }) {
  return <>{pieces.map((piece, index) => (piece.mark ? <mark key={index}>{piece.text}</mark> : <span key={index}>{piece.text}</span>))}</>;
}

function SearchForm({ q }: { q: string }) {
  const texts = useTexts();
  return (
    <form className="search-page__form" action={useLocalizedPath()('/poisk')} method="get" role="search" aria-label={texts.searchPageForm}>
      <label className="visually-hidden" htmlFor="search-page-q">
        {texts.searchQueryLabel}
      </label>
      <input id="search-page-q" className="search-page__input" type="search" name="q" defaultValue={q} maxLength={SEARCH_QUERY_MAX} required />
      <button className="search-page__button" type="submit">
        {texts.searchButton}
      </button>
    </form>
  );
}

/** The site's search: results with their kind, date and the words found, a page at a time. */
export function Page() {
  const { q, results, problem } = useData<SearchData>();
  const texts = useTexts();
  const localized = useLocalizedPath();
  return (
    <div className="container page search-page">
      <Breadcrumbs items={[{ title: texts.searchLabel }]} />
      <h1 className="page__title">{texts.searchLabel}</h1>
      <SearchForm q={q} />
      {!q && <p className="search-page__hint">{texts.searchHint}</p>}
      {problem && (
        <p className="search-page__hint" role="alert">
          {problem}
        </p>
      )}
      {results && results.total === 0 && (
        <div className="search-page__empty">
          <p className="search-page__empty-title">{texts.nothingFound}</p>
          <p className="search-page__hint">{texts.nothingFoundHint}</p>
        </div>
      )}
      {results && results.total > 0 && (
        <>
          <p className="search-page__total">
            {texts.found}
            {results.more ? texts.moreThan(results.total) : results.total}
          </p>
          <ol className="search-results">
            {results.items.map((item) => (
              <li key={`${item.resource}-${item.id}`} className="search-results__item">
                <span className="search-results__meta">
                  <span className="search-results__kind">{item.kind}</span> · <DateText value={item.date} />
                </span>
                <a className="search-results__title" href={item.url}>
                  <Marked pieces={item.title} />
                </a>
                {item.fragment.length > 0 && (
                  <p className="search-results__fragment">
                    <Marked pieces={item.fragment} />
                  </p>
                )}
              </li>
            ))}
          </ol>
          {results.pageCount > 1 && (
            <nav className="pagination" aria-label={texts.pages}>
              {results.page > 1 && (
                <a className="pagination__step" href={localized(searchHref(q, results.page - 1))} rel="prev">
                  {texts.previous}
                </a>
              )}
              {results.page < results.pageCount && (
                <a className="pagination__step" href={localized(searchHref(q, results.page + 1))} rel="next">
                  {texts.next}
                </a>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
