import type { FastifyInstance } from 'fastify';
import { RESOURCES, type ResourceDescriptor } from '../../lib/resources/index.js';
import { MEDIA_TABS, photobankCategoryPath, SECTION_PAGES } from '../../lib/site.js';
import { withoutControlCharacters } from '../../lib/ids.js';
import { DEFAULT_LOCALE, localizedPath, translationLocales, type Locale } from '../../lib/locales.js';
import { nowIso } from '../content/visibility.js';
import { withTranslatedValues } from '../translations/publicReads.js';
import { translatedAmong } from '../translations/store.js';
import type { Db } from '../resources/hooks.js';
import { allFiles, fileNumberOf, filesWithDatesBetween, isoOf, oneFile, recordsOfFile, type PagedResource } from './sitemapRanges.js';

/** Text for XML: markup characters escaped, and characters XML forbids (or no text may hold) left out, so no stored text can make a document invalid. */
export const xmlEscape = (value: string): string =>
  withoutControlCharacters(value).replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char);

/** The file of the site's fixed pages: the home page, the declared list pages, media tabs, photobank categories and section pages. */
const FIXED_PAGES_FILE = 'pages';

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

async function fixedPaths(db: Db): Promise<string[]> {
  const categories = await db.selectFrom('photobank_categories').select('id').orderBy('id').execute();
  return [
    ...new Set([
      '/',
      ...RESOURCES.flatMap((resource: ResourceDescriptor) => resource.public?.list?.path ?? []),
      ...MEDIA_TABS.map((tab) => `/media/${tab.key}`),
      ...categories.map((category) => photobankCategoryPath(category.id)),
      '/investoram',
      ...Object.entries(SECTION_PAGES).flatMap(([section, pages]) => pages.map((identifier) => `/${section}/${identifier}`)),
    ]),
  ];
}

/** A page's address in each language it exists in, with its language prefix (`/en/news/…`). */
type Versions = Partial<Record<Locale, string>>;

/**
 * The `<url>` lines of a page: one per language it exists in, each naming all of them and the Russian one by
 * default (`xhtml:link`) where there are several; a page in Russian alone is one plain line.
 */
function urlLines(url: (path: string) => string, versions: Versions, lastmod: string | null): string[] {
  const languages = Object.entries(versions);
  const alternates =
    languages.length > 1
      ? [...languages, ['x-default', versions[DEFAULT_LOCALE] ?? '']]
          .map(([language, path]) => `<xhtml:link rel="alternate" hreflang="${language}" href="${xmlEscape(url(path ?? ''))}"/>`)
          .join('')
      : '';
  return languages.map(([, path]) => `  <url><loc>${xmlEscape(url(path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates}</url>`);
}

const URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
const URLSET_WITH_ALTERNATES = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';

const urlset = (lines: string[], alternates: boolean): string =>
  ['<?xml version="1.0" encoding="UTF-8"?>', alternates ? URLSET_WITH_ALTERNATES : URLSET, ...lines, '</urlset>', ''].join('\n');

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

/** What the sitemap keeps of one file of a resource: the last change of its records, and its document once asked for. */
interface KeptFile {
  lastmod: string | null;
  document: Promise<string> | null;
}

/** The numbers of a resource's files and what is kept of each, by resource name. */
type KeptFiles = Map<string, Map<number, KeptFile>>;

const kept = (lastmod: string | null): KeptFile => ({ lastmod, document: null });

/**
 * The sitemap as search engines read it: `/sitemap.xml` is an index of files of at most `SITEMAP_MAX_URLS` addresses
 * each, `/sitemaps/pages-1.xml` (the fixed pages) and each resource's `/sitemaps/news-1.xml`… (fixed ranges of ids,
 * `sitemapRanges.ts`). Its files, their last changes and their documents are kept across page-cache generations:
 * after a write only the written record's file is read again, after a scheduled time only the files of the records
 * whose dates came, and everything after a change not known record by record (another process's). The index and
 * the fixed pages' file are built once per generation, with the page cache on or off.
 */
export class Sitemap {
  private files: KeptFiles = new Map();
  /** The page-cache generation the kept files hold for; null before the first read. */
  private generation: number | null = null;
  /** The moment at which the kept files judged what is visible. */
  private judgedAt = '';
  private refreshing: Promise<void> = Promise.resolve();

  constructor(
    private readonly app: FastifyInstance,
    private readonly url: (path: string) => string,
  ) {}

  /** `/sitemap.xml` (`file` null) or one file; null for a file not in the index. */
  async document(file: { name: string; number: number } | null): Promise<string | null> {
    const cache = this.app.pageCache;
    const files = () => cache.memo('sitemap:files', () => this.refresh());
    await files();
    // The index is made from the kept files, not from a query: it reads what they read, so it ends with them.
    if (file === null)
      return cache.memo('sitemap:index', async () => {
        await files();
        return indexDocument(this.list(), this.url);
      });
    if (file.name === FIXED_PAGES_FILE) {
      if (file.number !== 1) return null;
      // Every fixed page exists in each of the site's languages.
      const inEach = (path: string): Versions => Object.fromEntries(this.locales.map((locale) => [locale, localizedPath(locale, path)]));
      return cache.memo('sitemap:pages', async () =>
        urlset(
          (await fixedPaths(this.app.db)).flatMap((path) => urlLines(this.url, inEach(path), null)),
          this.locales.length > 1,
        ),
      );
    }
    const resource = PAGED.find((candidate) => candidate.name === file.name);
    // Only listed files are built and kept: made-up names cannot fill the memory.
    const listed = this.files.get(file.name)?.get(file.number);
    if (!resource || !listed) return null;
    if (!listed.document) {
      const document = this.build(resource, file.number);
      listed.document = document;
      // A failed read is not kept: the next request tries again.
      document.catch(() => {
        if (listed.document === document) listed.document = null;
      });
    }
    return listed.document;
  }

  private list(): SitemapFile[] {
    return [
      { name: FIXED_PAGES_FILE, number: 1, lastmod: null },
      ...PAGED.flatMap((resource) =>
        [...(this.files.get(resource.name) ?? [])].sort(([a], [b]) => a - b).map(([number, file]) => ({ name: resource.name, number, lastmod: file.lastmod })),
      ),
    ];
  }

  private get locales(): readonly Locale[] {
    return this.app.config.siteLocales;
  }

  /**
   * A file of a resource's pages: each record's Russian page, and where the site has other languages its page in
   * each language it is translated into (under its slug there), the versions naming each other.
   */
  private async build(resource: PagedResource, number: number): Promise<string> {
    const { db } = this.app;
    const rows = await recordsOfFile(db, resource, this.app.config.sitemapMaxUrls, number);
    const { page } = resource.public;
    const others = await Promise.all(
      translationLocales(this.locales).map(async (locale) => {
        const translated = await translatedAmong(
          db,
          resource,
          rows.map((row) => Number(row.id)),
          locale,
        );
        const read = await withTranslatedValues(
          db,
          resource,
          locale,
          rows.filter((row) => translated.has(Number(row.id))),
        );
        return { locale, paths: new Map(read.map((row) => [Number(row.id), localizedPath(locale, page.path(row))])) };
      }),
    );
    const lines = rows.flatMap((row) => {
      const versions: Versions = { [DEFAULT_LOCALE]: page.path(row) };
      for (const { locale, paths } of others) {
        const path = paths.get(Number(row.id));
        if (path) versions[locale] = path;
      }
      return urlLines(this.url, versions, isoOf(row.updated_at));
    });
    return urlset(lines, this.locales.length > 1);
  }

  /** Brings the kept files up to the current generation, one refresh at a time. */
  private refresh(): Promise<void> {
    const done = this.refreshing.then(() => this.bringUpToDate());
    this.refreshing = done.catch(() => undefined);
    return done;
  }

  private async bringUpToDate(): Promise<void> {
    const generation = this.app.pageCache.generation;
    const judgedAt = nowIso();
    const changed = this.generation === null ? null : this.app.pageCache.changesSince(this.generation);
    const { db } = this.app;
    const size = this.app.config.sitemapMaxUrls;
    if (changed === null) {
      const files = await Promise.all(PAGED.map((resource) => allFiles(db, resource, size)));
      this.files = new Map(
        PAGED.map((resource, index) => [resource.name, new Map([...(files[index] ?? [])].map(([number, lastmod]) => [number, kept(lastmod)]))]),
      );
    } else {
      const reread = await Promise.all(
        PAGED.map(async (resource) => {
          const numbers = await filesWithDatesBetween(db, resource, size, this.judgedAt, judgedAt);
          for (const record of changed) if (record.resource === resource.name) numbers.add(fileNumberOf(record.id, size));
          return Promise.all([...numbers].map(async (number) => ({ resource, number, file: await oneFile(db, resource, size, number) })));
        }),
      );
      // Applied at once, after every read: a request never sees half a refresh.
      for (const { resource, number, file } of reread.flat()) {
        const files = this.files.get(resource.name) ?? new Map<number, KeptFile>();
        this.files.set(resource.name, files);
        if (file) files.set(number, kept(file.lastmod));
        else files.delete(number);
      }
    }
    this.generation = generation;
    this.judgedAt = judgedAt;
  }
}
