import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { publicRead } from '../cache/publicRead.js';
import type { SiteSettings } from '../../lib/site.js';
import { parseSitemapFile, Sitemap, xmlEscape } from './sitemap.js';
import { DEFAULT_LOCALE, localizedPath, type Locale } from '../../lib/locales.js';
import { TEXTS } from '../../lib/siteTexts.js';

/** `sitemap.xml`, `robots.txt` and `rss.xml` of the public site and the sitemap. */
export const feedRoutes: FastifyPluginAsync<{ site: SiteSettings }> = async (app, { site }) => {
  const url = (path: string) => `${site.publicUrl}${encodeURI(path)}`;

  app.get('/robots.txt', publicRead(), async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${url('/sitemap.xml')}`, ''].join('\n')),
  );

  const sitemap = new Sitemap(app, url);
  const sendSitemap = async (reply: FastifyReply, file: { name: string; number: number } | null) => {
    const body = await sitemap.document(file);
    if (body === null) return reply.callNotFound();
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=600').send(body);
  };
  app.get('/sitemap.xml', publicRead(), (_request, reply) => sendSitemap(reply, null));
  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    { schema: { params: z.object({ file: z.string().max(100) }) }, ...publicRead() },
    (request, reply) => {
      const file = parseSitemapFile(request.params.file);
      return file ? sendSitemap(reply, file) : reply.callNotFound();
    },
  );

  /** The news feed in a language: its newest 20 items with a version in it, linking its pages in it. */
  const rss = async (locale: Locale, reply: FastifyReply) => {
    const { news } = app.contentIn(locale);
    const texts = TEXTS[locale];
    const path = (sitePath: string) => url(localizedPath(locale, sitePath));
    const [first, second] = await Promise.all([news.list(1), news.list(2)]);
    const items = [...first.items, ...second.items].slice(0, 20);
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      '<channel>',
      `<title>${xmlEscape(`${texts.news} | ${site.brand}`)}</title>`,
      `<link>${xmlEscape(path('/news'))}</link>`,
      `<description>${xmlEscape(locale === DEFAULT_LOCALE ? site.description : texts.newsDescription(site.brand))}</description>`,
      `<language>${locale}</language>`,
      `<atom:link href="${xmlEscape(path('/rss.xml'))}" rel="self" type="application/rss+xml"/>`,
      ...items.map((item) =>
        [
          '<item>',
          `<title>${xmlEscape(item.title)}</title>`,
          `<link>${xmlEscape(path(`/news/${item.slug}`))}</link>`,
          // The id's address stays the same when the slug changes, so readers never see an item twice.
          `<guid isPermaLink="true">${xmlEscape(path(`/news/${item.id}`))}</guid>`,
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
  };
  // Russian at `/rss.xml`, each other language of the site at `/{locale}/rss.xml`.
  for (const locale of app.config.siteLocales) app.get(localizedPath(locale, '/rss.xml'), publicRead(), (_request, reply) => rss(locale, reply));
};
