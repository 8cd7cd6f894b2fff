import type { PageContext } from 'vike/types';
import { pageTitle } from '@lib/titles.js';
import { textsOf } from '../../i18n/pageTexts.js';
import { metaOf } from '../../meta.js';

/** `{title}{ - страница N} | {brand}`; the error page's title; the brand alone as the default. */
export function title(pageContext: PageContext): string {
  const brand = pageContext.site.brand;
  const meta = metaOf(pageContext.data);
  const texts = textsOf(pageContext);
  if (meta && !pageContext.is404 && pageContext.abortStatusCode === undefined) return pageTitle(meta.title, brand, meta.page, texts.titleSuffix);
  if (pageContext.is404 || pageContext.abortStatusCode === 404) return pageTitle(texts.notFoundTitle, brand);
  if (pageContext.abortStatusCode !== undefined || pageContext.errorWhileRendering) return pageTitle(texts.errorTitle, brand);
  return brand;
}
