import type { PageContextServer } from 'vike/types';
import { HOME_NEWS_COUNT } from '@lib/site.js';
import type { ArticleSummary, MediaGenerals } from '@lib/types.js';
import { siteDescriptionOf } from '../../../i18n/pageTexts.js';
import type { WithMeta } from '../../../meta.js';

export interface HomeData extends WithMeta {
  news: ArticleSummary[];
  generals: MediaGenerals;
}

export async function data(pageContext: PageContextServer): Promise<HomeData> {
  const [news, generals] = await Promise.all([pageContext.content.news.mainItems(1), pageContext.content.media.generals()]);
  const { brand, publicUrl } = pageContext.site;
  return {
    news: news.items.slice(0, HOME_NEWS_COUNT),
    generals,
    meta: {
      title: '',
      description: siteDescriptionOf(pageContext),
      canonicalPath: '/',
      jsonLd: { '@context': 'https://schema.org', '@type': 'Organization', name: brand, url: `${publicUrl}/` },
    },
  };
}
