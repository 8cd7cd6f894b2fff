import { PAGE_FORMS } from '../enquiry.js';
import { MENU_KINDS } from '../types.js';
import { defineResource, type SearchRecord } from './descriptor.js';
import { html, requiredText, text } from './fields.js';

/** Where visitors read a text page: in its section, or at the root. */
const textPagePath = (record: SearchRecord) => (record.section === 'investoram' ? `/investoram/${String(record.identifier)}` : `/${String(record.identifier)}`);

/** Text pages, addressed by identifier (`/{identifier}`, or `/investoram/{identifier}` in the investor section). */
export const textPages = defineResource({
  name: 'text-pages',
  table: 'text_pages',
  role: 'MANAGER',
  api: 'verbs',
  timestamps: true,
  fields: {
    identifier: requiredText(120, { pattern: 'identifier', unique: 'Страница с таким идентификатором уже есть.' }),
    section: { kind: 'choice', choices: [{ id: 'investoram', name: 'Инвесторам' }], nullable: true },
    title: requiredText(300, { typography: true, localized: true }),
    content: html({ typography: true, localized: true }),
    /** A form shown under the text (the feedback form on /kontakty), or none. */
    form: { kind: 'choice', choices: PAGE_FORMS, nullable: true },
    seo_title: text(300, { typography: true, localized: true }),
    seo_description: text(1000, { multiline: true, typography: true, localized: true }),
  },
  list: {
    sortable: ['identifier', 'section', 'title', 'created_at', 'updated_at'],
    searchable: ['title', 'identifier'],
    filters: { section: 'text', identifier: 'text' },
    defaultSort: ['title', 'ASC'],
    columns: ['identifier', 'title', 'section', 'updated_at', 'version'],
  },
  updateByKey: { key: 'identifier', required: ['content'] },
  menu: 'site',
  trash: true,
  search: { fields: ['title', 'content'], kind: 'Страница', kindIn: { en: 'Page' } },
  revisions: true,
  drafts: true,
  public: {
    page: {
      key: 'identifier',
      path: textPagePath,
      pathFields: ['section', 'identifier'],
      fields: ['identifier', 'section', 'title', 'content', 'form', 'seo_title', 'seo_description', 'updated_at'],
      russianFallback: true,
    },
  },
});

export const menus = defineResource({
  name: 'menus',
  table: 'menu_items',
  role: 'MANAGER',
  api: 'rest',
  fields: {
    kind: { kind: 'choice', required: true, choices: MENU_KINDS.map((kind) => ({ id: kind, name: `app.menus.kinds.${kind}` })) },
    parent_id: { kind: 'reference', resource: 'menus', missing: 'Такого пункта меню нет.' },
    title: requiredText(200, { localized: true }),
    url: { kind: 'url', max: 2000, sitePath: true },
    position: { kind: 'integer', min: 0, max: 1_000_000 },
  },
  list: {
    sortable: ['kind', 'parent_id', 'title', 'url', 'position'],
    searchable: ['title'],
    filters: { kind: 'text', parent_id: 'int' },
    defaultSort: ['position', 'ASC'],
    columns: ['kind', 'title', 'url', 'parent_id', 'position', 'version'],
  },
  menu: 'site',
});

/** The company's pages on social networks, shown in the footer. */
export const networkCollections = defineResource({
  name: 'network-collections',
  table: 'network_collections',
  role: 'MANAGER',
  api: 'rest',
  fields: {
    title: requiredText(200),
    url: { kind: 'url', max: 2000, required: true },
    icon: text(60, { pattern: 'icon' }),
    position: { kind: 'integer', min: 0, max: 1_000_000 },
  },
  list: {
    sortable: ['title', 'url', 'icon', 'position'],
    searchable: ['title'],
    filters: { icon: 'text' },
    defaultSort: ['position', 'ASC'],
    columns: ['title', 'url', 'icon', 'position', 'version'],
  },
  menu: 'site',
});

/**
 * Old addresses of the site and where they lead now (301). A record whose public address changes (a new slug or
 * identifier) adds one by itself; a MANAGER adds, edits and imports the others.
 */
export const redirects = defineResource({
  name: 'redirects',
  table: 'redirects',
  role: 'MANAGER',
  api: 'rest',
  timestamps: true,
  fields: {
    from_path: { kind: 'url', max: 2000, required: true, sitePath: 'only' },
    to_path: { kind: 'url', max: 2000, required: true, sitePath: true },
  },
  list: {
    sortable: ['from_path', 'to_path', 'created_at', 'updated_at'],
    searchable: ['from_path', 'to_path'],
    filters: {},
    defaultSort: ['updated_at', 'DESC'],
    columns: ['from_path', 'to_path', 'updated_at', 'version'],
  },
  menu: 'site',
});
