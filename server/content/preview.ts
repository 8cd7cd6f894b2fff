import type { Kysely } from 'kysely';
import type { ContentServices } from '../../lib/content.js';
import type { Database } from '../db/schema.js';
import type { PreviewTarget } from '../preview/links.js';
import { createArticleReads } from './news.js';
import type { ViewCounter } from './viewCounter.js';

/**
 * The content services of one preview render: the same reads, except that the record the link names is shown
 * even as a draft or scheduled. Text pages have no drafts: their preview is the page as it is now.
 */
export function previewContentServices(db: Kysely<Database>, views: ViewCounter, base: ContentServices, target: PreviewTarget): ContentServices {
  switch (target.resource) {
    case 'news':
      return { ...base, news: { ...base.news, get: createArticleReads(db, 'news', views, target.id).get } };
    case 'media-our':
      return { ...base, media: { ...base.media, get: createArticleReads(db, 'media_our', views, target.id).get } };
    default:
      return base;
  }
}
