import type { MediaTabKey } from '@lib/site.js';
import type { SiteTexts } from '@lib/siteTexts.js';
import { listHref, type PageMeta } from './meta.js';

/** Each media tab's own meta title and description in the page's language, with the page suffix from page 2. */
export function mediaMeta(texts: SiteTexts, tab: MediaTabKey, page: number): PageMeta {
  const { metaTitle, description } = texts.mediaTabs[tab];
  return { title: metaTitle, description, page, canonicalPath: listHref(`/media/${tab}`, {}, page) };
}
