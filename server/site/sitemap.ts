import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { RESOURCES, type PublicPageDeclaration, type ResourceDescriptor } from '../../lib/resources/index.js';
import { MEDIA_TABS, photobankCategoryPath, SECTION_PAGES } from '../../lib/site.js';
import { visibleNow } from '../content/visibility.js';
import type { Db, Row } from '../resources/hooks.js';
import { declared } from '../db/declared.js';

export const xmlEscape = (value: string): string =>
  value.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char);

/** The file of the site's fixed pages: the home page, the declared list pages, media tabs, photobank categories and section pages. */
const FIXED_PAGES_FILE = 'pages';

/** A resource whose records have pages of their own, each listed in the sitemap. */
type PagedResource = ResourceDescriptor & { public: { page: PublicPageDeclaration } };

const DESCRIPTORS: readonly ResourceDescriptor[] = RESOURCES;
const PAGED: readonly PagedResource[] = DESCRIPTORS.filter((resource): resource is PagedResource => Boolean(resource.public?.page));

/** One file of the sitemap as the index lists it: `/sitemaps/{name}-{number}.xml`, and its records' last change. */
export interface SitemapFile {
  name: string;
  number: number;
  lastmod: string | null;
}

export const sitemapFilePath = (file: Pick<SitemapFile, 'name' | 'number'>): string => `/sitemaps/${file.name}-${file.number}.xml`;

/** `news-3.xml` as its name and number; null for anything else. */
export function parseSitemapFile(fileName: string): { name: string; number: number } | null {
  const match = /^([a-z][a-z-]*)-([1-9]\d{0,5})\.xml$/.exec(fileName);
  return match ? { name: match[1] ?? '', number: Number(match[2]) } : null;
}

const isoOf = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(String(value)).toISOString());

/** Columns a record's address can be made of: all but its text, pictures and files, which can be large. */
const addressColumns = (resource: ResourceDescriptor): string[] => [
  'id',
  ...Object.entries(resource.fields)
    .filter(([, field]) => !['html', 'image', 'files'].includes(field.kind))
    .map(([name]) => name),
  ...(resource.timestamps ? ['updated_at'] : []),
];

async function fixedPaths(db: Db): Promise<string[]> {
  const categories = await db.selectFrom('photobank_categories').select('id').orderBy('id').execute();
  return [
    ...new Set([
      '/',
      ...RESOURCES.flatMap((resource: ResourceDescriptor) => resource.public?.list?.path ?? []),
      ...MEDIA_TABS.map((tab) => `/media/${tab.key}`),
      ...categories.map((category) => photobankCategoryPath(category.id)),
      '/investoram',
      ...Object.entries(SECTION_PAGES).flatMap(([section, pages]) => pages.map((page) => `/${section}/${page.identifier}`)),
    ]),
  ];
}

/**
 * The files of one resource: its visible records by id, `maxUrls` a file, each with the last change of its records.
 * One grouped query numbers the rows, so the index never reads the records themselves.
 */
async function resourceFiles(db: Db, resource: PagedResource, maxUrls: number): Promise<SitemapFile[]> {
  const numbered = declared(db)
    .selectFrom(resource.table)
    .select(sql<number>`(row_number() over (order by id) - 1) / ${sql.lit(maxUrls)}`.as('chunk'))
    .select(resource.timestamps ? sql<string>`updated_at`.as('updated_at') : sql<null>`null`.as('updated_at'))
    .where(visibleNow(resource))
    .as('numbered');
  const chunks = await declared(db)
    .selectFrom(numbered)
    .select(['chunk', sql<string | null>`max(updated_at)`.as('lastmod')])
    .groupBy('chunk')
    .orderBy('chunk')
    .execute();
  return chunks.map((chunk) => ({ name: resource.name, number: Number(chunk.chunk) + 1, lastmod: isoOf(chunk.lastmod) }));
}

const urlLine = (url: (path: string) => string, path: string, lastmod: string | null): string =>
  `  <url><loc>${xmlEscape(url(path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;

const urlset = (lines: string[]): string =>
  ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...lines, '</urlset>', ''].join('\n');

/** Every file of the sitemap: the fixed pages', then each resource's. */
async function listFiles(app: FastifyInstance): Promise<SitemapFile[]> {
  const perResource = await Promise.all(PAGED.map((resource) => resourceFiles(app.db, resource, app.config.sitemapMaxUrls)));
  return [{ name: FIXED_PAGES_FILE, number: 1, lastmod: null }, ...perResource.flat()];
}

const indexDocument = (files: SitemapFile[], url: (path: string) => string): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map(
      (file) => `  <sitemap><loc>${xmlEscape(url(sitemapFilePath(file)))}</loc>${file.lastmod ? `<lastmod>${file.lastmod}</lastmod>` : ''}</sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n');

/** One listed file: the fixed pages, or the `number`-th run of `SITEMAP_MAX_URLS` visible records of a resource by id. */
async function buildFile(app: FastifyInstance, url: (path: string) => string, file: SitemapFile): Promise<string> {
  const resource = PAGED.find((candidate) => candidate.name === file.name);
  if (!resource) return urlset((await fixedPaths(app.db)).map((path) => urlLine(url, path, null)));
  const maxUrls = app.config.sitemapMaxUrls;
  const rows = (await declared(app.db)
    .selectFrom(resource.table)
    .select(addressColumns(resource))
    .where(visibleNow(resource))
    .orderBy('id')
    .limit(maxUrls)
    .offset((file.number - 1) * maxUrls)
    .execute()) as Row[];
  return urlset(rows.map((row) => urlLine(url, resource.public.page.path(row), isoOf(row.updated_at))));
}

/**
 * The sitemap as search engines read it: `/sitemap.xml` (`file` null) is an index of files of at most
 * `SITEMAP_MAX_URLS` addresses each (`/sitemaps/pages-1.xml`, `/sitemaps/news-1.xml`…). The list of files and each
 * document are built once per page-cache generation, so the records are read again only after the content changed
 * (or a scheduled item's time came), whether or not the page cache keeps responses. Null for a file not in the index.
 */
export async function sitemapDocument(
  app: FastifyInstance,
  url: (path: string) => string,
  file: { name: string; number: number } | null,
): Promise<string | null> {
  const files = await app.pageCache.memo('sitemap:files', () => listFiles(app));
  if (file === null) return app.pageCache.memo('sitemap:index', async () => indexDocument(files, url));
  // Only listed files are built and remembered: made-up names cannot fill the memory.
  const listed = files.find((candidate) => candidate.name === file.name && candidate.number === file.number);
  return listed ? app.pageCache.memo(`sitemap:${listed.name}-${listed.number}`, () => buildFile(app, url, listed)) : null;
}
