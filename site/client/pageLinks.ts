import { isSitePath } from '@lib/site.js';

/**
 * The address a link leads to when it opens another page of this site in the same tab: same origin, a page (not the
 * API, uploads, feeds, files or the admin), not the current page or a place on it. Null for every other link.
 */
export function pageLinkTarget(link: HTMLAnchorElement): string | null {
  if (link.hasAttribute('download') || (link.target && link.target !== '_self') || link.rel.includes('external')) return null;
  const href = link.getAttribute('href');
  if (!href || href.startsWith('#')) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || !isSitePath(url.pathname)) return null;
  if (/\.[a-z0-9]+$/i.test(url.pathname) || url.pathname === '/admin' || url.pathname.startsWith('/admin/')) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url.pathname + url.search;
}
