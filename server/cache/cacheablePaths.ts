import { PREVIEW_PARAM } from '../preview/links.js';

/**
 * Which GET requests the page cache may answer and store: public pages and the public JSON reads. Never the
 * admin (its page and its API), preview links, the session endpoints, health checks, or files (uploads and build assets are
 * served from disk with their own caching headers). Routes can opt out with `config: { pageCache: false }`.
 */
const EXCLUDED_PREFIXES = ['/api/admin/', '/api/site/', '/admin/', '/api/health', '/api/ready', '/uploads/', '/assets/'];
const EXCLUDED_PATHS = new Set(['/api/admin', '/api/site', '/admin']);

export function isCacheablePath(url: string): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  // A preview link shows what visitors may not see yet: never stored, never answered from the cache.
  if (query !== -1 && new URLSearchParams(url.slice(query + 1)).has(PREVIEW_PARAM)) return false;
  if (EXCLUDED_PATHS.has(path)) return false;
  for (const prefix of EXCLUDED_PREFIXES) if (path.startsWith(prefix)) return false;
  return true;
}
