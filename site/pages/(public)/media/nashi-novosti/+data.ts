import type { PageContextServer } from 'vike/types';
import type { ArticleSummary, Page } from '@lib/types.js';
import { assertPageExists, currentPage } from '../../../../guards.js';
import { textsOf } from '../../../../i18n/pageTexts.js';
import { mediaMeta } from '../../../../mediaMeta.js';
import type { WithMeta } from '../../../../meta.js';

export interface OursData extends WithMeta {
  list: Page<ArticleSummary>;
}

export async function data(pageContext: PageContextServer): Promise<OursData> {
  const page = currentPage(pageContext);
  const list = await pageContext.content.media.ours(page);
  assertPageExists(page, list.pageCount);
  return { list, meta: mediaMeta(textsOf(pageContext), 'nashi-novosti', page) };
}
