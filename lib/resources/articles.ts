import { PAGE_SIZES } from '../paging.js';
import { defineResource, pageAt, type FeedDeclaration } from './descriptor.js';
import { date, flag, html, PICTURE, requiredText, text } from './fields.js';

/** What a card of an article shows; its page adds the text, the SEO fields and the reads. */
const SUMMARY = ['title', 'slug', 'lead', 'image', 'public_at'] as const;

/**
 * News and own media articles have the same fields and verbs; only the name, the table and the address differ.
 * Their pages are found by slug or by id (the RSS guid's address, stable across slug changes).
 */
const article = <const Name extends string, const Table extends string, const Path extends `/${string}`>(
  name: Name,
  table: Table,
  kind: string,
  englishKind: string,
  path: Path,
  perPage: number,
  feed: Omit<FeedDeclaration, 'itemTitle' | 'summary'>,
) =>
  defineResource({
    name,
    table,
    role: 'USER',
    api: 'verbs',
    timestamps: true,
    fields: {
      title: requiredText(300, { typography: true, localized: true }),
      slug: { kind: 'slug', max: 120, from: 'title', localized: true },
      lead: text(2000, { multiline: true, typography: true, localized: true }),
      public_at: date({ required: true }),
      unpublish_at: date({ after: 'public_at' }),
      published: flag(1),
      image: { kind: 'image', ...PICTURE, alt: 'image_alt', removable: true },
      image_alt: text(300, { typography: true, localized: true }),
      content: html({ typography: true, localized: true }),
      seo_title: text(300, { typography: true, localized: true }),
      seo_description: text(1000, { multiline: true, typography: true, localized: true }),
    },
    list: {
      sortable: ['title', 'slug', 'public_at', 'published', 'views', 'created_at', 'updated_at'],
      searchable: ['title'],
      filters: { published: 'int', slug: 'text' },
      defaultSort: ['public_at', 'DESC'],
      columns: ['title', 'slug', 'public_at', 'published', 'views', 'version'],
    },
    verbs: ['remove-img'],
    refetch: 'media-summary',
    menu: 'content',
    trash: true,
    search: { fields: ['title', 'lead', 'content'], kind, kindIn: { en: englishKind } },
    revisions: true,
    drafts: true,
    public: {
      list: { path, perPage, filters: [], fields: SUMMARY },
      page: { ...pageAt(`${path}/{slug}`), byId: true, fields: [...SUMMARY, 'content', 'seo_title', 'seo_description', 'updated_at'], countsViews: true },
      feed: { ...feed, itemTitle: 'title', summary: 'lead' },
    },
  });

// The site's main feed, which every page announces; in Russian its description is the site's own.
export const news = article('news', 'news', 'Новость', 'News', '/news', PAGE_SIZES.news, {
  path: '/rss.xml',
  name: { ru: 'Новости', en: 'News' },
  description: { en: '{brand} news: events, board decisions, new services and results.' },
  everyPage: true,
});
export const mediaOur = article('media-our', 'media_our', 'Статья', 'Article', '/media/nashi-novosti', PAGE_SIZES.mediaOur, {
  path: '/media/nashi-novosti/rss.xml',
  name: { ru: 'Новости компании', en: 'Company news' },
  description: {
    ru: 'Собственные публикации компании {brand}: новости, интервью и материалы о работе группы.',
    en: '{brand} articles: news, interviews and stories of the group.',
  },
});
