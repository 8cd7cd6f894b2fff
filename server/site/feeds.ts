import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { publicRead } from '../cache/publicRead.js';
import type { SiteSettings } from '../../lib/site.js';
import { parseSitemapFile, Sitemap, xmlEscape } from './sitemap.js';

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
          // The id's address stays the same when the slug changes, so readers never see an item twice.
          `<guid isPermaLink="true">${xmlEscape(url(`/news/${item.id}`))}</guid>`,
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
