import type { PageContextServer } from 'vike/types';
import type { TextPage } from '@lib/types.js';
import type { WithMeta } from '../../../meta.js';
import { SECTION_PAGES } from '@lib/site.js';

export interface InvestorsData extends WithMeta {
  pages: Pick<TextPage, 'identifier' | 'title' | 'seo_description' | 'updated_at'>[];
  /** The section's pages that are not text pages (documents). */
  more: NonNullable<(typeof SECTION_PAGES)[string]>;
}

export async function data(pageContext: PageContextServer): Promise<InvestorsData> {
  const pages = await pageContext.content.textPages.list('investoram');
  return {
    pages: pages.map(({ identifier, title, seo_description, updated_at }) => ({ identifier, title, seo_description, updated_at })),
    more: SECTION_PAGES.investoram ?? [],
    meta: {
      title: 'Инвесторам',
      description: `Информация для акционеров и инвесторов ${pageContext.site.brand}: раскрытие информации, отчётность, собрания акционеров.`,
      canonicalPath: '/investoram',
    },
  };
}
