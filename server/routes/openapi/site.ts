import { z } from 'zod';
import { PAGE_SIZES } from '../../../lib/paging.js';
import { SEARCH_QUERY_MAX } from '../../../lib/search.js';
import { MENU_KINDS } from '../../../lib/types.js';
import { TAGS } from '../../http/openapi/document.js';
import { fileAnswer, jsonAnswer, operation } from '../../http/openapi/operation.js';
import { logoGroup, menuItem, networkCollection, photobankCategoryPage, photoGroup, searchPage, textPage } from '../../http/openapi/shapes.js';
import { PAGE_QUERY, pageParam } from './pages.js';

/**
 * The documented operations of the API's home and health, menus, networks, text pages, the photobank, the
 * security contact and the site's search (server/routes/health.ts, menu.ts, network.ts, textPages.ts,
 * photobank.ts, securityTxt.ts, search.ts).
 */

const dialect = z.enum(['sqlite', 'postgres']);
const service = TAGS.service.name;
const site = TAGS.site.name;
const photobank = TAGS.photobank.name;

export const SERVICE_DOCS = {
  home: operation({
    summary: "The API's name and its reads",
    tag: service,
    data: z.object({ name: z.string(), api: z.string(), reads: z.array(z.string()) }),
  }),
  health: operation({
    summary: 'Liveness: the process answers',
    description: 'Never asks the database, so that a balancer does not restart a process that waits for it.',
    tag: service,
    data: z.object({ status: z.literal('ok'), database: dialect }),
  }),
  ready: operation({
    summary: 'Readiness: the database and the file storage answer',
    tag: service,
    data: z.object({ status: z.literal('ready'), database: dialect, storage: z.enum(['local', 's3']) }),
    answers: {
      503: jsonAnswer(
        'Not ready: names which dependency did not answer within 2 s (why is in the log).',
        z.object({
          message: z.string(),
          reasons: z.object({ database: z.string().optional(), storage: z.string().optional() }),
        }),
      ),
    },
  }),
};

export const SITE_DOCS = {
  menus: operation({ summary: 'Every menu', description: 'Top-level items of every kind, each with its children.', tag: site, data: z.array(menuItem) }),
  menu: operation({
    summary: 'One menu by kind',
    description: `Kinds: ${MENU_KINDS.join(', ')}, or \`all\`.`,
    tag: site,
    data: z.array(menuItem),
  }),
  networks: operation({ summary: 'Social network links', tag: site, data: z.array(networkCollection) }),
  textPage: operation({
    summary: 'A text page by identifier',
    description: 'Investor pages have `section: "investoram"`.',
    tag: site,
    data: textPage,
  }),
  securityTxt: operation({
    summary: 'Where to report a vulnerability (RFC 9116)',
    tag: site,
    success: { description: 'The security.txt file.', content: { 'text/plain': { schema: { type: 'string' } } } },
  }),
};

export const PHOTOBANK_DOCS = {
  logos: operation({
    summary: 'Logo groups, one page of their categories and their first items',
    description: `${PAGE_SIZES.photobankCategories} categories a page, each with its first ${PAGE_SIZES.photobankCategory} items; a page past the last is an empty list.`,
    tag: photobank,
    data: z.array(logoGroup),
    query: PAGE_QUERY,
    errors: [404],
  }),
  photos: operation({
    summary: 'Photo groups, one page of their categories and their first photos',
    description: `${PAGE_SIZES.photobankCategories} categories a page, each with its first ${PAGE_SIZES.photobankCategory} photos; a page past the last is an empty list.`,
    tag: photobank,
    data: z.array(photoGroup),
    query: PAGE_QUERY,
    errors: [404],
  }),
  category: operation({
    summary: 'One page of a photobank category',
    description: `Its logos and colours, or its photos, in order, ${PAGE_SIZES.photobankCategory} a page; a page past the last has no items.`,
    tag: photobank,
    data: photobankCategoryPage,
    query: PAGE_QUERY,
    errors: [404],
  }),
  archive: operation({
    summary: 'Every logo file in one ZIP',
    tag: photobank,
    success: fileAnswer('`logos.zip`, streamed file by file: `group/category/item.format`.', 'application/zip'),
  }),
};

export const SEARCH_DOCS = operation({
  summary: 'Full-text search of the site',
  description: 'Most relevant first, then newest; a query counts and ranks at most 1000 items (`more` says it found more).',
  tag: TAGS.search.name,
  data: searchPage,
  query: z.object({
    q: z.string().min(1).max(SEARCH_QUERY_MAX).meta({ description: 'The words to find.' }),
    page: pageParam(),
  }),
  errors: [400, 404],
});
