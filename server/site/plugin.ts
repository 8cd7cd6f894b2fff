import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { renderPage } from 'vike/server';
import { requirePhoneVerification, registerPhoneVerification } from '../../lib/phone.js';
import { createLibphonenumberVerification } from '../../lib/phoneLibphonenumber.js';
import { RESOURCES } from '../../lib/resources/index.js';
import { isSitePath, PAGE_QUERY_PARAMS, type SiteSettings } from '../../lib/site.js';
import { DEFAULT_ALT_TEMPLATE, defaultDescription } from '../../lib/titles.js';
import { createContentServices } from '../content/index.js';
import { UNCOUNTED_VIEWS } from '../content/viewCounter.js';
import type { KeepPerGeneration } from '../content/paging.js';
import { splitLocalePath } from '../../lib/locales.js';
import { PREVIEW_PARAM, previewOfQuery } from '../preview/links.js';
import { publicRead } from '../cache/publicRead.js';
import { honourIfRange } from '../http/conditions.js';
import { redirectTarget } from '../redirects/store.js';
import { feedRoutes } from './feeds.js';
import { icalendarRoutes } from './icalendarRoutes.js';
import { isDatabaseUnavailable } from '../http/databaseErrors.js';
import { allowInlineScripts, inlineScriptSources } from './inlineScripts.js';
import { registerAdminApp } from './adminApp.js';
import { answerThroughVite, viteDevServer, type Middleware } from './viteDev.js';
import { contentForRender } from './renderContent.js';
import { projectRoot } from '../projectRoot.js';
import { sitePageRoute } from '../metrics/routeLabel.js';

/** Every query parameter a public page may read: its list page, search words, list filters and parts, and a preview link. */
const SITE_QUERY_PARAMS = [
  ...PAGE_QUERY_PARAMS,
  PREVIEW_PARAM,
  ...new Set(
    RESOURCES.flatMap((resource) => [...(resource.public?.list?.filters ?? []), ...(resource.public?.list?.parts ? [resource.public.list.parts.param] : [])]),
  ),
];

export interface SitePluginOptions {
  /** Serve through Vite's dev middleware (development) instead of `dist/` (production). */
  dev?: boolean;
  /** Where the Vite build lives; `<root>/dist` by default. */
  distDir?: string;
}

/**
 * Registers the phone verification service. Without one the application must not start, so this throws
 * when the service is missing or does not verify a known number.
 */
export function registerSiteServices(): void {
  registerPhoneVerification(createLibphonenumberVerification());
  const check = requirePhoneVerification().verify('+7 495 123-45-67');
  if (!check.valid) throw new Error('Phone verification service does not work: a valid number was rejected.');
}

function siteSettings(app: FastifyInstance): SiteSettings {
  const { config } = app;
  const phone = requirePhoneVerification().verify(config.sitePhone);
  if (!phone.valid || !phone.e164 || !phone.display) {
    throw new Error(`SITE_PHONE "${config.sitePhone}" is not a valid phone number`);
  }
  return {
    brand: config.brand,
    publicUrl: config.publicUrl,
    description: config.siteDescription ?? defaultDescription(config.brand),
    altTemplate: config.altTemplate ?? DEFAULT_ALT_TEMPLATE,
    phone: { display: phone.display, e164: phone.e164 },
    ...(config.analyticsCounters.length > 0 ? { analytics: config.analyticsCounters } : {}),
    ...(config.siteLocales.length > 1 ? { locales: [...config.siteLocales] } : {}),
  };
}

/**
 * Hosts the public site (Vike) and the admin app in Fastify: `/admin…` answers the admin's page (adminApp.ts), and
 * every other GET outside `/api` and `/uploads` goes to Vike's `renderPage`,
 * which gets the content services and the site settings in its page context. Register it after the API routes.
 */
export const sitePlugin: FastifyPluginAsync<SitePluginOptions> = async (app, options) => {
  registerSiteServices();
  const site = siteSettings(app);
  const root = projectRoot();
  const dev = options.dev ?? app.config.dev;
  const distDir = options.distDir ?? path.join(root, 'dist');
  const clientDir = path.join(distDir, 'client');

  let viteMiddleware: Middleware | null = null;
  if (dev) {
    viteMiddleware = (await viteDevServer(app, { root })).middleware;
  } else if (existsSync(clientDir)) {
    honourIfRange(app, clientDir, '/');
    const served = {
      decorateReply: false,
      // The build writes .br and .gz next to every text asset (vite.config.ts); they are sent as they are.
      preCompressed: true,
      // Off, or @fastify/static would overwrite the header set below with its own `max-age=0`.
      cacheControl: false,
      setHeaders(response: { setHeader: (name: string, value: string) => unknown }, filePath: string) {
        // Hashed names change with the content: a browser may keep them forever. Other files are revalidated.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
        // The same address answers Brotli, gzip or plain bytes: shared caches must key on Accept-Encoding.
        response.setHeader('Vary', 'Accept-Encoding');
      },
    };
    // The built scripts and styles, hundreds of files, behind one route: a route per file cost every start a second.
    await app.register(fastifyStatic, { ...served, root: path.join(clientDir, 'assets'), prefix: '/assets/', wildcard: true, index: false });
    // The few files at the root (icons, the default social picture) each get their own route, beside the pages'. The
    // admin's page is answered by its own routes (adminApp.ts), with its inline script allowed in the CSP.
    await app.register(fastifyStatic, { ...served, root: clientDir, prefix: '/', wildcard: false, index: false, globIgnore: ['assets/**', 'admin/**'] });
  } else {
    app.log.warn(`The site is not built (${clientDir} is missing): run "npm run build". Pages answer 503 until then.`);
  }
  const built = dev || existsSync(clientDir);
  await registerAdminApp(app, { root, clientDir, dev });

  await app.register(feedRoutes, { site });
  await app.register(icalendarRoutes, { site });

  interface Rendered {
    statusCode: number;
    headers: [string, string][];
    body: string;
    scriptSources: string[];
  }

  const render = async (request: FastifyRequest): Promise<Rendered> => {
    // A preview link (`?preview=`) opens its record even as a draft; a link that is expired or forged opens nothing.
    const preview = await previewOfQuery(app.config.jwtSecret, request.query);
    const target = preview && 'target' in preview ? preview.target : null;
    // A page under `/en/` reads the content in English (site/pages/+onBeforeRoute.ts routes it without the prefix).
    const { locale } = splitLocalePath(request.url.split('?')[0] ?? '/', app.config.siteLocales);
    const keep: KeepPerGeneration = (key, compute) => app.pageCache.memo(key, compute);
    // A prefetch or the cache's own render is not a visit: the article it shows counts no read.
    const views = request.visit ? app.views : UNCOUNTED_VIEWS;
    const base = target || !request.visit ? createContentServices(app.db, views, app.formTokens, keep, target, locale) : app.contentIn(locale);
    const { content, onHit, cacheFor } = contentForRender(base, app.pageCache, app.views, locale);
    const pageContext = await renderPage({
      // The page sees its path and the parameters pages read, nothing else: what the page cache keys on.
      urlOriginal: request.publicUrl ?? request.url,
      // Also for the error page, which Vike renders without the route's hooks.
      locale,
      headersOriginal: request.headers,
      content,
      site,
      preview: preview && 'target' in preview ? { expiresAt: preview.expiresAt } : null,
      previewRefusal: preview && 'refusal' in preview ? preview.refusal : null,
    });
    request.pageCacheOnHit = onHit();
    request.pageRoute = sitePageRoute(pageContext);
    request.pageCacheTtlMs = cacheFor();
    const { httpResponse } = pageContext;
    // The database out of reach is a pause, not a fault of the page: 503, and the balancer may try another process.
    const statusCode = isDatabaseUnavailable(pageContext.errorWhileRendering) ? 503 : (httpResponse?.statusCode ?? 500);
    const headers = (httpResponse?.headers ?? []).filter(([name]) => !['content-security-policy', 'cache-control'].includes(name.toLowerCase()));
    // Pages are revalidated on every visit (ETag, 304): they change whenever the content does.
    headers.push(['Cache-Control', statusCode === 200 && !preview ? 'no-cache' : 'no-store']);
    // What a preview shows is not for search engines, whether or not the link still works.
    if (preview) headers.push(['X-Robots-Tag', 'noindex']);
    const body = httpResponse?.body ?? '';
    return { statusCode, headers, body, scriptSources: inlineScriptSources(body) };
  };

  /** A page, or for an old address that has no page any more, a 301 to where it leads now. */
  const renderOrRedirect = async (request: FastifyRequest): Promise<Rendered> => {
    const page = await render(request);
    if (page.statusCode !== 404) return page;
    const target = await redirectTarget(app.db, request.url.split('?')[0] ?? '/');
    if (!target) return page;
    return {
      statusCode: 301,
      headers: [
        ['Location', target],
        ['Cache-Control', 'no-cache'],
      ],
      body: '',
      scriptSources: [],
    };
  };

  app.route({
    method: 'GET',
    url: '/*',
    config: { ...publicRead(...SITE_QUERY_PARAMS).config, servesPath: isSitePath },
    handler: async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (!isSitePath(pathname)) return reply.callNotFound();
      if (!built) return reply.code(503).type('text/plain; charset=utf-8').send('Сайт не собран: выполните npm run build.');
      if (!viteMiddleware) {
        const page = await renderOrRedirect(request);
        for (const [name, value] of page.headers) reply.header(name, value);
        allowInlineScripts(reply, page.scriptSources);
        return reply.code(page.statusCode).send(page.body);
      }
      return answerThroughVite(request, reply, viteMiddleware, () => renderOrRedirect(request));
    },
  });
};
