import type { PageContextServer } from 'vike/types';
import type { TextPage } from '@lib/types.js';
import { sectionPagesOf, textsOf } from '../../../i18n/pageTexts.js';
import type { WithMeta } from '../../../meta.js';

export interface InvestorsData extends WithMeta {
  pages: Pick<TextPage, 'identifier' | 'title' | 'seo_description' | 'updated_at'>[];
  /** The section's pages that are not text pages (documents). */
  more: ReturnType<typeof sectionPagesOf>;
}

export async function data(pageContext: PageContextServer): Promise<InvestorsData> {
  const texts = textsOf(pageContext);
  const pages = await pageContext.content.textPages.list('investoram');
  return {
    pages: pages.map(({ identifier, title, seo_description, updated_at }) => ({ identifier, title, seo_description, updated_at })),
    more: sectionPagesOf(pageContext, 'investoram'),
    meta: {
      title: texts.sectionTitles.investoram ?? '',
      description: texts.investorsDescription(pageContext.site.brand),
      canonicalPath: '/investoram',
    },
  };
}
