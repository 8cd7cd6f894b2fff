import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { publicRead } from '../cache/publicRead.js';
import type { SiteSettings } from '../../lib/site.js';
import { parseSitemapFile, Sitemap } from './sitemap.js';
import { localizedPath } from '../../lib/locales.js';
import { FEEDS } from '../../lib/resources/index.js';
import { feedDocument } from './rss.js';

/** `sitemap.xml`, `robots.txt` and the declared RSS feeds of the public site. */
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

  // Every declared feed: Russian at its path, each other language of the site under its prefix.
  for (const declared of FEEDS) {
    for (const locale of app.config.siteLocales) {
      app.get(localizedPath(locale, declared.feed.path), publicRead(), async (_request, reply) =>
        reply
          .type('application/rss+xml; charset=utf-8')
          .header('Cache-Control', 'public, max-age=600')
          .send(await feedDocument(app.contentIn(locale).reads, declared, { site, locale, url })),
      );
    }
  }
};
