import { UNMATCHED_ROUTE } from './recorder.js';

/** The route every public page of the site is served by in Fastify: the page's own route tells more. */
export const SITE_PAGES_ROUTE = '/*';

/** What a render of the site tells of the page it rendered (Vike's page context). */
export interface RenderedPage {
  pageId?: string | null;
  is404?: boolean | null;
  httpResponse?: { statusCode: number } | null;
}

/**
 * The route pattern of the site's page that answered, in Fastify's spelling (`/news/:slug`), from the page's folder
 * (`/site/pages/(public)/news/@slug`): groups in parentheses and `index` are not part of the address, `@name` is a
 * parameter. The language prefix (`/en`) is not part of it either: the same page answers in every language. A page
 * that was not found is `unmatched`, whatever its address, so that addresses tried by clients never become labels;
 * a page that failed, and a redirect made before a page was chosen, are `/*`.
 */
export function sitePageRoute(page: RenderedPage): string {
  if (page.is404 || page.httpResponse?.statusCode === 404) return UNMATCHED_ROUTE;
  // No page at all: the render failed, or redirected, before one was chosen.
  if (!page.pageId) return SITE_PAGES_ROUTE;
  const folders = page.pageId.split('/');
  const segments = folders
    .slice(folders.indexOf('pages') + 1)
    .filter((segment) => segment !== '' && !/^\(.*\)$/.test(segment) && segment !== 'index')
    .map((segment) => (segment.startsWith('@') ? `:${segment.slice(1)}` : segment));
  // The error page stands in for the page that failed (a 500, the database out of reach), whose pattern is not known.
  if (segments.some((segment) => segment.startsWith('_'))) return SITE_PAGES_ROUTE;
  return `/${segments.join('/')}`;
}

/**
 * The `route` label of an answered request: the public page's pattern when the site rendered one (or the page cache
 * answered one it had rendered), else Fastify's route pattern; a request no route matched, and a site address no
 * page answers, are `unmatched`.
 */
export function routeLabel(fastifyRoute: string | undefined, pageRoute: string | null, statusCode: number): string {
  if (pageRoute !== null) return pageRoute;
  if (fastifyRoute === undefined || (fastifyRoute === SITE_PAGES_ROUTE && statusCode === 404)) return UNMATCHED_ROUTE;
  return fastifyRoute;
}
