import { z } from 'zod';
import { TAGS } from '../../http/openapi/document.js';
import { operation } from '../../http/openapi/operation.js';
import { article, articleSummary, mediaFeedItem, mediaGenerals, mediaOverview, mediaSource, pageOf, pressArticle, video } from '../../http/openapi/shapes.js';
import { PAGE_QUERY, pageParam } from './pages.js';

/** The documented operations of the news and the media section (server/routes/news.ts, media.ts). */

const news = TAGS.news.name;
const media = TAGS.media.name;

export const NEWS_DOCS = {
  list: operation({
    summary: 'A page of news',
    tag: news,
    data: pageOf(articleSummary),
    query: z.object({ ourPage: pageParam() }),
    errors: [404],
  }),
  mainItems: operation({ summary: "The home page's news", tag: news, data: pageOf(articleSummary), query: PAGE_QUERY, errors: [404] }),
  item: operation({ summary: 'One news article by id or slug', description: 'Counts a read.', tag: news, data: article }),
};

export const MEDIA_DOCS = {
  overview: operation({
    summary: 'The media section: own articles, press items, videos and the most read',
    tag: media,
    data: mediaOverview,
    query: z.object({ ourPage: pageParam(), otherPage: pageParam(), videoPage: pageParam() }),
    errors: [404],
  }),
  others: operation({ summary: 'A page of press items', tag: media, data: pageOf(pressArticle), query: PAGE_QUERY, errors: [404] }),
  videos: operation({
    summary: 'A page of videos',
    description: 'Fixed videos first, in their fixed order, then the newest.',
    tag: media,
    data: pageOf(video),
    query: PAGE_QUERY,
    errors: [404],
  }),
  mainItems: operation({
    summary: 'Own articles, press items and videos in one feed',
    tag: media,
    data: pageOf(mediaFeedItem),
    query: PAGE_QUERY,
    errors: [404],
  }),
  generals: operation({ summary: "The media section's lead block", tag: media, data: mediaGenerals }),
  sources: operation({ summary: 'Active press sources, by name', tag: media, data: z.array(mediaSource) }),
  manyReads: operation({ summary: 'The most read own articles', tag: media, data: z.array(articleSummary) }),
  item: operation({ summary: 'One own media article by id or slug', description: 'Counts a read.', tag: media, data: article }),
};
