import { useTexts } from '../i18n/useTexts.js';
import { listHref } from '../meta.js';

interface PaginationProps {
  pathname: string;
  page: number;
  pageCount: number;
  /** The list's picked filters, which every page's address keeps. */
  chosen?: Readonly<Record<string, string>>;
}

/** Numbered pages window around the current page, with first and last. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages = new Set<number>([1, pageCount, page - 1, page, page + 1]);
  const sorted = [...pages].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const [index, n] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) result.push(null);
    result.push(n);
  }
  return result;
}

/** Links to the pages of a list (`?page=N` after its filters; page 1 has no `page`). */
export function Pagination({ pathname, page, pageCount, chosen = {} }: PaginationProps) {
  const texts = useTexts();
  if (pageCount <= 1) return null;
  const href = (n: number) => listHref(pathname, chosen, n);
  return (
    <nav className="pagination" aria-label={texts.pages}>
      {page > 1 && (
        <a className="pagination__step" href={href(page - 1)} rel="prev">
          {texts.previous}
        </a>
      )}
      <ul className="pagination__list">
        {pageWindow(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span className="pagination__page pagination__page--current" aria-current="page">
                  {n}
                </span>
              ) : (
                <a className="pagination__page" href={href(n)} aria-label={texts.pageNumber(n)}>
                  {n}
                </a>
              )}
            </li>
          ),
        )}
      </ul>
      {page < pageCount && (
        <a className="pagination__step" href={href(page + 1)} rel="next">
          {texts.next}
        </a>
      )}
    </nav>
  );
}
