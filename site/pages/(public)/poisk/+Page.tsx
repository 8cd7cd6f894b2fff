import { useData } from 'vike-react/useData';
import { SEARCH_QUERY_MAX, type TextPiece } from '@lib/search.js';
import { Breadcrumbs } from '../../../components/Breadcrumbs.js';
import { DateText } from '../../../components/DateText.js';
import type { SearchData } from './+data.js';
import { searchHref } from './href.js';

/** Text with the words found in `<mark>`; the pieces are plain text, so nothing stored is injected as HTML. */
function Marked({ pieces }: { pieces: TextPiece[] }) {
  return <>{pieces.map((piece, index) => (piece.mark ? <mark key={index}>{piece.text}</mark> : <span key={index}>{piece.text}</span>))}</>;
}

function SearchForm({ q }: { q: string }) {
  return (
    <form className="search-page__form" action="/poisk" method="get" role="search">
      <label className="visually-hidden" htmlFor="search-page-q">
        Что найти
      </label>
      <input id="search-page-q" className="search-page__input" type="search" name="q" defaultValue={q} maxLength={SEARCH_QUERY_MAX} required />
      <button className="search-page__button" type="submit">
        Найти
      </button>
    </form>
  );
}

/** The site's search: results with their kind, date and the words found, a page at a time. */
export function Page() {
  const { q, results, problem } = useData<SearchData>();
  return (
    <div className="container page search-page">
      <Breadcrumbs items={[{ title: 'Поиск по сайту' }]} />
      <h1 className="page__title">Поиск по сайту</h1>
      <SearchForm q={q} />
      {!q && <p className="search-page__hint">Введите слово или несколько слов: поиск найдёт их в любой форме — «отчёт», «отчёты», «отчётов».</p>}
      {problem && (
        <p className="search-page__hint" role="alert">
          {problem}
        </p>
      )}
      {results && results.total === 0 && (
        <div className="search-page__empty">
          <p className="search-page__empty-title">Ничего не найдено</p>
          <p className="search-page__hint">Проверьте написание, попробуйте другие или более общие слова, или уберите лишние.</p>
        </div>
      )}
      {results && results.total > 0 && (
        <>
          <p className="search-page__total">Найдено: {results.more ? `более ${results.total}` : results.total}</p>
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
            <nav className="pagination" aria-label="Страницы">
              {results.page > 1 && (
                <a className="pagination__step" href={searchHref(q, results.page - 1)} rel="prev">
                  ← Назад
                </a>
              )}
              {results.page < results.pageCount && (
                <a className="pagination__step" href={searchHref(q, results.page + 1)} rel="next">
                  Вперёд →
                </a>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
