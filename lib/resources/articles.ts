import { defineResource, type SearchRecord } from './descriptor.js';
import { date, flag, html, PICTURE, requiredText, text } from './fields.js';

/** News and own media articles have the same fields and verbs; only the name and the table differ. */
const article = <const Name extends string>(name: Name, table: string, kind: string, path: string) => {
  const pageOf = (record: SearchRecord) => `${path}/${String(record.slug)}`;
  return defineResource({
    name,
    table,
    role: 'USER',
    api: 'verbs',
    timestamps: true,
    fields: {
      title: requiredText(300),
      slug: { kind: 'slug', max: 120, from: 'title' },
      lead: text(2000, { multiline: true }),
      public_at: date({ required: true }),
      published: flag(1),
      image: { kind: 'image', ...PICTURE, alt: 'image_alt', removable: true },
      image_alt: text(300),
      content: html(),
      seo_title: text(300),
      seo_description: text(1000, { multiline: true }),
    },
    list: {
      sortable: ['title', 'slug', 'public_at', 'published', 'views', 'created_at', 'updated_at'],
      searchable: ['title'],
      filters: { published: 'int', slug: 'text' },
      defaultSort: ['public_at', 'DESC'],
    },
    verbs: ['remove-img'],
    refetch: 'media-summary',
    menu: 'content',
    trash: true,
    search: { fields: ['title', 'lead', 'content'], kind, url: pageOf },
    revisions: true,
    preview: { path: pageOf },
  });
};

export const news = article('news', 'news', 'Новость', '/news');
export const mediaOur = article('media-our', 'media_our', 'Статья', '/media/nashi-novosti');
