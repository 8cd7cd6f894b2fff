import type { FastifyInstance } from 'fastify';
import { RESOURCES, type PublicPageDeclaration, type ResourceDescriptor } from '../../lib/resources/index.js';
import { MEDIA_TABS, photobankCategoryPath, SECTION_PAGES } from '../../lib/site.js';
import { visibleNow } from '../content/visibility.js';
import type { Db, Row } from '../resources/hooks.js';
import { declared } from '../db/declared.js';

/** The sitemap protocol's limit of one file's bytes (that of its addresses is `SITEMAP_URL_LIMIT`). */
const SITEMAP_BYTE_LIMIT = 50 * 1024 * 1024;

export interface SitemapEntry {
  path: string;
  /** When the page last changed. */
  lastmod?: string;
}

export const xmlEscape = (value: string): string =>
  value.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char);

/** Columns a record's address can be made of: all but its text, pictures and files, which can be large. */
const addressColumns = (resource: ResourceDescriptor): string[] => [
  'id',
  ...Object.entries(resource.fields)
    .filter(([, field]) => !['html', 'image', 'files'].includes(field.kind))
    .map(([name]) => name),
  ...(resource.timestamps ? ['updated_at'] : []),
];

/** Every record visitors can open on a page of its own, with its address and its last change. */
async function recordEntries(db: Db, resource: ResourceDescriptor, page: PublicPageDeclaration): Promise<SitemapEntry[]> {
  const rows = (await declared(db).selectFrom(resource.table).select(addressColumns(resource)).where(visibleNow(resource)).orderBy('id').execute()) as Row[];
  return rows.map((row) => ({ path: page.path(row), lastmod: row.updated_at === undefined ? undefined : String(row.updated_at) }));
}

/** The site's fixed pages and the declared list pages, the photobank's categories, then every record with a page of its own. */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [categories, ...records] = await Promise.all([
    db.selectFrom('photobank_categories').select('id').orderBy('id').execute(),
    ...RESOURCES.map((resource: ResourceDescriptor) => (resource.public?.page ? recordEntries(db, resource, resource.public.page) : [])),
  ]);
  const fixed = new Set([
    '/',
    ...RESOURCES.flatMap((resource: ResourceDescriptor) => resource.public?.list?.path ?? []),
    ...MEDIA_TABS.map((tab) => `/media/${tab.key}`),
    ...categories.map((category) => photobankCategoryPath(category.id)),
    '/investoram',
    ...Object.entries(SECTION_PAGES).flatMap(([section, pages]) => pages.map((page) => `/${section}/${page.identifier}`)),
  ]);
  return [...[...fixed].map((path) => ({ path })), ...records.flat()];
}

const urlLine = (url: (path: string) => string, entry: SitemapEntry): string =>
  `  <url><loc>${xmlEscape(url(entry.path))}</loc>${entry.lastmod ? `<lastmod>${xmlEscape(new Date(entry.lastmod).toISOString())}</lastmod>` : ''}</url>`;

/** The lines of `<url>` elements cut into files of at most `maxUrls` addresses and 50 MB each. */
function sitemapFiles(lines: string[], maxUrls: number): string[][] {
  const files: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const line of lines) {
    const size = Buffer.byteLength(line) + 1;
    if (current.length >= maxUrls || bytes + size > SITEMAP_BYTE_LIMIT - 200) {
      files.push(current);
      current = [];
      bytes = 0;
    }
    current.push(line);
    bytes += size;
  }
  files.push(current);
  return files;
}

const urlset = (lines: string[]): string =>
  ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...lines, '</urlset>', ''].join('\n');

const sitemapIndex = (locations: string[]): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...locations.map((location) => `  <sitemap><loc>${xmlEscape(location)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');

/**
 * The sitemap as search engines read it: `/sitemap.xml` lists every page while they fit in one file; past that it is
 * an index of `/sitemap-1.xml`, `/sitemap-2.xml`… `file` is null for `/sitemap.xml`; the answer is null for a file
 * number beyond the last.
 */
export async function sitemapDocument(app: FastifyInstance, url: (path: string) => string, file: number | null): Promise<string | null> {
  const lines = (await sitemapEntries(app.db)).map((entry) => urlLine(url, entry));
  const files = sitemapFiles(lines, app.config.sitemapMaxUrls);
  if (file === null) return files.length === 1 ? urlset(files[0] ?? []) : sitemapIndex(files.map((_lines, index) => url(`/sitemap-${index + 1}.xml`)));
  // Numbered files exist only while the sitemap is an index.
  const part = files.length > 1 ? files[file - 1] : undefined;
  return part ? urlset(part) : null;
}
