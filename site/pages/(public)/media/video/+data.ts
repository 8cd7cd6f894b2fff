import type { PageContextServer } from 'vike/types';
import { DEFAULT_SOCIAL_IMAGE } from '@lib/site.js';
import type { Page, Video } from '@lib/types.js';
import { assertPageExists, currentPage } from '../../../../guards.js';
import { textsOf } from '../../../../i18n/pageTexts.js';
import { mediaMeta } from '../../../../mediaMeta.js';
import type { WithMeta } from '../../../../meta.js';

export interface VideoData extends WithMeta {
  list: Page<Video>;
}

/**
 * The videos of the page for search engines: a list of `VideoObject`s, each with its player's address (the one the
 * page embeds), its preview (the site's picture where it has none) and its date.
 */
function videosJsonLd(videos: readonly Video[], publicUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: videos.map((video, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'VideoObject',
        name: video.title,
        description: video.lead || video.title,
        thumbnailUrl: `${publicUrl}${video.preview?.src ?? DEFAULT_SOCIAL_IMAGE.src}`,
        uploadDate: new Date(video.public_at).toISOString(),
        embedUrl: video.video_url,
      },
    })),
  };
}

/** Fixed videos come first in their fixed order (the content service sorts them so). */
export async function data(pageContext: PageContextServer): Promise<VideoData> {
  const page = currentPage(pageContext);
  const list = await pageContext.content.media.videos(page);
  assertPageExists(page, list.pageCount);
  const meta = mediaMeta(textsOf(pageContext), 'video', page);
  return { list, meta: list.items.length > 0 ? { ...meta, jsonLd: videosJsonLd(list.items, pageContext.site.publicUrl) } : meta };
}
