import type { FastifyPluginAsync } from 'fastify';
import { publicRead } from '../cache/publicRead.js';
import type { ContentServices } from '../../lib/content.js';
import { MEDIA_TABS, SECTION_PAGES, type SiteSettings } from '../../lib/site.js';
import type { ArticleSummary, Page } from '../../lib/types.js';

const xmlEscape = (value: string): string =>
  value.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char);

/** Every item of a paged list (for the sitemap): page after page until `pageCount`. */
async function allPages<T>(read: (page: number) => Promise<Page<T>>, limit = 200): Promise<T[]> {
  const first = await read(1);
  const items = [...first.items];
  for (let page = 2; page <= Math.min(first.pageCount, limit); page++) items.push(...(await read(page)).items);
  return items;
}

interface SitemapEntry {
  path: string;
  lastmod?: string;
}

export async function sitemapEntries(content: ContentServices): Promise<SitemapEntry[]> {
  const [news, ours, rootPages, investorPages] = await Promise.all([
    allPages<ArticleSummary>((page) => content.news.list(page)),
    allPages<ArticleSummary>((page) => content.media.ours(page)),
    content.textPages.list(null),
    content.textPages.list('investoram'),
  ]);
  return [
    { path: '/' },
    { path: '/news', lastmod: news[0]?.public_at },
    ...MEDIA_TABS.map((tab) => ({ path: `/media/${tab.key}` })),
    { path: '/investoram' },
    ...Object.entries(SECTION_PAGES).flatMap(([section, pages]) => pages.map((page) => ({ path: `/${section}/${page.identifier}` }))),
    ...news.map((item) => ({ path: `/news/${item.slug}`, lastmod: item.public_at })),
    ...ours.map((item) => ({ path: `/media/nashi-novosti/${item.slug}`, lastmod: item.public_at })),
    ...investorPages.map((page) => ({ path: `/investoram/${page.identifier}`, lastmod: page.updated_at })),
    ...rootPages.map((page) => ({ path: `/${page.identifier}`, lastmod: page.updated_at })),
  ];
}

/** `sitemap.xml`, `robots.txt` and `rss.xml` of the public site (DESIGN.md §6), from the content services. */
export const feedRoutes: FastifyPluginAsync<{ site: SiteSettings }> = async (app, { site }) => {
  const url = (path: string) => `${site.publicUrl}${encodeURI(path)}`;

  app.get('/robots.txt', publicRead(), async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${url('/sitemap.xml')}`, ''].join('\n')),
  );

  app.get('/sitemap.xml', publicRead(), async (_request, reply) => {
    const entries = await sitemapEntries(app.content);
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries.map(
        (entry) =>
          `  <url><loc>${xmlEscape(url(entry.path))}</loc>${entry.lastmod ? `<lastmod>${xmlEscape(new Date(entry.lastmod).toISOString())}</lastmod>` : ''}</url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=600').send(body);
  });

  app.get('/rss.xml', publicRead(), async (_request, reply) => {
    const [first, second] = await Promise.all([app.content.news.list(1), app.content.news.list(2)]);
    const items = [...first.items, ...second.items].slice(0, 20);
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      '<channel>',
      `<title>${xmlEscape(`Новости | ${site.brand}`)}</title>`,
      `<link>${xmlEscape(url('/news'))}</link>`,
      `<description>${xmlEscape(site.description)}</description>`,
      '<language>ru</language>',
      `<atom:link href="${xmlEscape(url('/rss.xml'))}" rel="self" type="application/rss+xml"/>`,
      ...items.map((item) =>
        [
          '<item>',
          `<title>${xmlEscape(item.title)}</title>`,
          `<link>${xmlEscape(url(`/news/${item.slug}`))}</link>`,
          `<guid isPermaLink="true">${xmlEscape(url(`/news/${item.slug}`))}</guid>`,
          `<pubDate>${new Date(item.public_at).toUTCString()}</pubDate>`,
          `<description>${xmlEscape(item.lead)}</description>`,
          '</item>',
        ].join(''),
      ),
      '</channel>',
      '</rss>',
      '',
    ].join('\n');
    return reply.type('application/rss+xml; charset=utf-8').header('Cache-Control', 'public, max-age=600').send(body);
  });
};
