import type { PageContextServer } from 'vike/types';
import type { Page, PressArticle } from '@lib/types.js';
import { assertPageExists, currentPage } from '../../../../guards.js';
import { textsOf } from '../../../../i18n/pageTexts.js';
import { mediaMeta } from '../../../../mediaMeta.js';
import type { WithMeta } from '../../../../meta.js';

export interface PressData extends WithMeta {
  list: Page<PressArticle>;
}

export async function data(pageContext: PageContextServer): Promise<PressData> {
  const page = currentPage(pageContext);
  const list = await pageContext.content.media.others(page);
  assertPageExists(page, list.pageCount);
  return { list, meta: mediaMeta(textsOf(pageContext), 'smi-o-nas', page) };
}
