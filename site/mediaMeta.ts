import { mediaTab, type MediaTabKey } from '@lib/site.js';
import { listHref, type PageMeta } from './meta.js';

/** Each media tab's own meta title and description, with the page suffix from page 2. */
export function mediaMeta(tab: MediaTabKey, page: number): PageMeta {
  const { metaTitle, description } = mediaTab(tab);
  return { title: metaTitle, description, page, canonicalPath: listHref(`/media/${tab}`, {}, page) };
}
