import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { idFromText } from '@lib/ids.js';
import { photobankCategoryPath, ROUTE_NOT_FOUND_MESSAGE } from '@lib/site.js';
import type { PhotobankCategoryPage } from '@lib/types.js';
import { assertPageExists, currentPage } from '../../../../../guards.js';
import { textsOf } from '../../../../../i18n/pageTexts.js';
import { listHref, type WithMeta } from '../../../../../meta.js';

export type PhotobankCategoryData = PhotobankCategoryPage & WithMeta;

/** One page of a photobank category (logos and colours, or photos); an address naming no category is a 404. */
export async function data(pageContext: PageContextServer): Promise<PhotobankCategoryData> {
  const id = idFromText(pageContext.routeParams.category ?? '');
  const page = currentPage(pageContext);
  const found = id === null ? null : await pageContext.content.photobank.category(id, page);
  if (!found) throw render(404, ROUTE_NOT_FOUND_MESSAGE);
  assertPageExists(page, found.list.pageCount);
  const { category } = found;
  const photobank = textsOf(pageContext).mediaTabs.photobank;
  return {
    ...found,
    meta: {
      title: `${category.title} — ${photobank.title}`,
      page,
      description: `${category.group}: ${category.title}. ${photobank.description}`,
      canonicalPath: listHref(photobankCategoryPath(category.id), {}, page),
    },
  };
}
