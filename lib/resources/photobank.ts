import { defineResource } from './descriptor.js';
import { MB, PICTURE, requiredText, text } from './fields.js';

/** Groups of logos or of photos; fixed by the demo content and the migrations, read only in the admin. */
export const photobankGroups = defineResource({
  name: 'photobank-groups',
  table: 'photobank_groups',
  role: 'USER',
  api: 'read-only',
  fields: {},
  list: {
    sortable: ['kind', 'title', 'position'],
    searchable: ['title'],
    filters: { kind: 'text' },
    defaultSort: ['position', 'ASC'],
    columns: ['kind', 'title', 'position', 'version'],
  },
  refetch: 'photobank',
  menu: 'photobank',
});

export const photobankCategories = defineResource({
  name: 'photobank-categories',
  table: 'photobank_categories',
  role: 'USER',
  api: 'verbs',
  verbsPath: '/api/admin/photobank/category',
  fields: {
    group_id: { kind: 'reference', resource: 'photobank-groups', required: true, missing: 'Такой группы нет.' },
    title: requiredText(300, { typography: true, localized: true }),
  },
  list: {
    sortable: ['group_id', 'title', 'position'],
    searchable: ['title'],
    filters: { group_id: 'int' },
    defaultSort: ['position', 'ASC'],
    columns: ['group_id', 'title', 'position', 'version'],
  },
  verbs: ['move-up', 'move-down'],
  ordered: { scope: 'group_id' },
  refetch: 'photobank',
  menu: 'photobank',
});

/** Logos (files to download in several formats) and colours (HEX, RGB, CMYK, Pantone) of a logo category. */
export const photobankLogos = defineResource({
  name: 'photobank-logos',
  table: 'photobank_logo_items',
  role: 'USER',
  api: 'verbs',
  verbsPath: '/api/admin/photobank/logo',
  drafts: true,
  fields: {
    category_id: { kind: 'reference', resource: 'photobank-categories', required: true, missing: 'Такой категории нет.' },
    type: {
      kind: 'choice',
      required: true,
      choices: [
        { id: 'logo', name: 'Логотип' },
        { id: 'colour', name: 'Цвет' },
      ],
    },
    title: requiredText(300, { typography: true, localized: true }),
    files: { kind: 'files', formats: ['svg', 'png', 'pdf', 'eps'], maxBytes: 20 * MB, maxFiles: 10 },
    hex: text(7),
    rgb: text(60),
    cmyk: text(60),
    pantone: text(60),
  },
  list: {
    sortable: ['category_id', 'type', 'title', 'position'],
    searchable: ['title'],
    filters: { category_id: 'int', type: 'text' },
    defaultSort: ['position', 'ASC'],
    columns: ['category_id', 'type', 'title', 'hex', 'preview', 'position', 'version'],
  },
  verbs: ['move-up', 'move-down'],
  ordered: { scope: 'category_id' },
  refetch: 'photobank',
  menu: 'photobank',
});

export const photobankPhotos = defineResource({
  name: 'photobank-photos',
  table: 'photobank_photos',
  role: 'USER',
  api: 'verbs',
  verbsPath: '/api/admin/photobank/photo',
  drafts: true,
  fields: {
    category_id: { kind: 'reference', resource: 'photobank-categories', required: true, missing: 'Такой категории нет.' },
    title: requiredText(300, { typography: true, localized: true }),
    image: { kind: 'image', ...PICTURE, alt: 'image_alt', required: true, missing: 'Выберите фотографию.' },
    image_alt: text(300, { typography: true, localized: true }),
  },
  list: {
    sortable: ['category_id', 'title', 'size', 'position'],
    searchable: ['title'],
    filters: { category_id: 'int' },
    defaultSort: ['position', 'ASC'],
    columns: ['category_id', 'title', 'image', 'image_alt', 'size', 'position', 'version'],
  },
  verbs: ['move-up', 'move-down'],
  ordered: { scope: 'category_id' },
  refetch: 'photobank',
  menu: 'photobank',
  trash: true,
});
