import type { PageContext } from 'vike/types';
import { pageDescription } from '@lib/titles.js';
import { siteDescriptionOf, textsOf } from '../../i18n/pageTexts.js';
import { metaOf } from '../../meta.js';

export function description(pageContext: PageContext): string {
  const meta = metaOf(pageContext.data);
  return pageDescription(meta?.description || siteDescriptionOf(pageContext), meta?.page, textsOf(pageContext).titleSuffix);
}
