import { usePageContext } from 'vike-react/usePageContext';
import { ROUTE_NOT_FOUND_MESSAGE } from '@lib/site.js';
import { useLocalizedPath, useTexts } from '../../../i18n/useTexts.js';

/** The not-found page (404: unknown route, bad page value, missing content) and the error pages (403 of a refused preview link, 500). */
export function Page() {
  const pageContext = usePageContext();
  const texts = useTexts();
  const localized = useLocalizedPath();
  const { is404, abortReason, abortStatusCode } = pageContext;
  const notFound = Boolean(is404) || abortStatusCode === 404;
  const message = typeof abortReason === 'string' && abortReason ? abortReason : notFound ? ROUTE_NOT_FOUND_MESSAGE : 'Internal server error';
  const status = notFound ? 404 : typeof abortStatusCode === 'number' ? abortStatusCode : 500;
  // A refusal (403: an expired preview link) says all in its message; a server error asks to try again.
  const explanation = notFound ? texts.notFoundExplanation : status >= 500 ? texts.serverError : null;
  return (
    <div className="container page not-found">
      <p className="not-found__code" aria-hidden="true">
        {status}
      </p>
      <h1 className="not-found__title">{texts.notFoundHeadline}</h1>
      {explanation && <p className="not-found__text">{explanation}</p>}
      <p className="not-found__message" data-testid="error-message">
        {message}
      </p>
      <a className="button" href={localized('/')}>
        {texts.notFoundButton}
      </a>
    </div>
  );
}
