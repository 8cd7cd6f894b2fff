import type { PageContextServer } from 'vike/types';
import type { Page, Video } from '@lib/types.js';
import { assertPageExists, currentPage } from '../../../../guards.js';
import { textsOf } from '../../../../i18n/pageTexts.js';
import { mediaMeta } from '../../../../mediaMeta.js';
import type { WithMeta } from '../../../../meta.js';

export interface VideoData extends WithMeta {
  list: Page<Video>;
}

/** Fixed videos come first in their fixed order (the content service sorts them so). */
export async function data(pageContext: PageContextServer): Promise<VideoData> {
  const page = currentPage(pageContext);
  const list = await pageContext.content.media.videos(page);
  assertPageExists(page, list.pageCount);
  return { list, meta: mediaMeta(textsOf(pageContext), 'video', page) };
}
