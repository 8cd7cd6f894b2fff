import type { PageContext } from 'vike/types';
import { pageDescription } from '@lib/titles.js';
import { DEFAULT_LOCALE } from '@lib/locales.js';
import { TEXTS } from '@lib/siteTexts.js';
import { metaOf } from '../../meta.js';

export function description(pageContext: PageContext): string {
  const meta = metaOf(pageContext.data);
  return pageDescription(meta?.description || pageContext.site.description, meta?.page, TEXTS[pageContext.locale ?? DEFAULT_LOCALE].titleSuffix);
}
