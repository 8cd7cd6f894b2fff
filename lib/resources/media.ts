import { defineResource } from './descriptor.js';
import { date, flag, MB, requiredText, text, VIDEO_HOSTS } from './fields.js';

/** Press items: what other outlets wrote about the company, linked to the outlet's page. */
export const mediaOther = defineResource({
  name: 'media-other',
  table: 'media_other',
  role: 'USER',
  api: 'verbs',
  timestamps: true,
  fields: {
    title: requiredText(500, { typography: true, localized: true }),
    source_id: { kind: 'reference', resource: 'media-source', missing: 'Такого источника нет.' },
    url: { kind: 'url', max: 2000, required: true },
    lead: text(2000, { multiline: true, typography: true, localized: true }),
    public_at: date({ required: true }),
    unpublish_at: date({ after: 'public_at' }),
    published: flag(1),
  },
  list: {
    sortable: ['title', 'url', 'source_id', 'public_at', 'published', 'created_at', 'updated_at'],
    searchable: ['title'],
    filters: { source_id: 'int', published: 'int' },
    defaultSort: ['public_at', 'DESC'],
    columns: ['title', 'url', 'source_id', 'public_at', 'published', 'version'],
  },
  refetch: 'media-summary',
  menu: 'content',
  trash: true,
  search: { fields: ['title', 'lead'], kind: 'СМИ о нас', kindIn: { en: 'In the press' }, url: (record) => String(record.url) },
  revisions: true,
  drafts: true,
});

/** Videos on YouTube or RUTUBE, whose players the site embeds; fixed ones come first, in their own order. */
export const mediaVideo = defineResource({
  name: 'media-video',
  table: 'media_video',
  role: 'USER',
  api: 'verbs',
  timestamps: true,
  fields: {
    title: requiredText(500, { typography: true, localized: true }),
    video_url: { kind: 'url', max: 2000, required: true, hosts: VIDEO_HOSTS },
    lead: text(2000, { multiline: true, typography: true, localized: true }),
    public_at: date({ required: true }),
    unpublish_at: date({ after: 'public_at' }),
    published: flag(1),
  },
  list: {
    sortable: ['title', 'public_at', 'published', 'fixed', 'fixed_order', 'created_at', 'updated_at'],
    searchable: ['title'],
    filters: { fixed: 'int', published: 'int' },
    defaultSort: ['public_at', 'DESC'],
    columns: ['title', 'preview', 'public_at', 'published', 'fixed', 'fixed_order', 'version'],
  },
  verbs: ['fix', 'unfix', 'move-up-fixed', 'move-down-fixed'],
  refetch: 'media-summary',
  menu: 'content',
  trash: true,
  search: { fields: ['title', 'lead'], kind: 'Видео', kindIn: { en: 'Video' }, url: () => '/media/video' },
  revisions: true,
  drafts: true,
});

/** Press outlets; removing one deactivates it, since press items keep pointing to it. */
export const mediaSource = defineResource({
  name: 'media-source',
  table: 'media_sources',
  role: 'MANAGER',
  api: 'verbs',
  timestamps: true,
  fields: {
    name: requiredText(200),
    url: { kind: 'url', max: 2000 },
    logo: { kind: 'image', formats: ['png', 'jpeg', 'webp', 'svg'], maxBytes: 10 * MB },
    active: flag(1),
  },
  list: {
    sortable: ['name', 'url', 'active', 'created_at', 'updated_at'],
    searchable: ['name'],
    filters: { active: 'int' },
    defaultSort: ['name', 'ASC'],
    columns: ['name', 'url', 'logo', 'active', 'version'],
  },
  menu: 'content',
});
