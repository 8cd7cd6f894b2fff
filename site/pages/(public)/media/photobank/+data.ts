import type { PageContextServer } from 'vike/types';
import type { PhotobankOverview } from '@lib/types.js';
import { assertPageExists, currentPage } from '../../../../guards.js';
import { textsOf } from '../../../../i18n/pageTexts.js';
import { mediaMeta } from '../../../../mediaMeta.js';
import type { WithMeta } from '../../../../meta.js';

export type PhotobankData = PhotobankOverview & WithMeta;

/**
 * The photobank's page: a page of categories (logos and colours first, then photos) under their groups, each with its
 * first page of items; a category's own page goes on from there, and `?page=N` to the next categories.
 */
export async function data(pageContext: PageContextServer): Promise<PhotobankData> {
  const page = currentPage(pageContext);
  const overview = await pageContext.content.photobank.overview(page);
  assertPageExists(page, overview.pageCount);
  return { ...overview, meta: mediaMeta(textsOf(pageContext), 'photobank', page) };
}
