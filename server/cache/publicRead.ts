import type { FastifyRequest } from 'fastify';

/** What a public read declares: the query parameters its answer depends on. */
export interface PublicRead {
  query: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Declares a public read: an answer that is the same for every visitor, so the page cache may keep it, keyed on
     * the path and the declared query parameters. A route without it is never stored nor answered from the cache.
     */
    publicRead?: PublicRead;
  }
}

/** Route options of a public read that depends on its path and the named query parameters only. */
export function publicRead(...query: string[]): { config: { publicRead: PublicRead } } {
  return { config: { publicRead: { query: [...query].sort() } } };
}

/**
 * The address as a public read may see it: the path and the declared query parameters in a fixed order, every
 * other parameter dropped (`?utm_source=…` or `?z=123` name the same answer as no query at all).
 */
export function publicUrlOf(url: string, read: PublicRead): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const given = new URLSearchParams(url.slice(at + 1));
  const kept = new URLSearchParams();
  for (const name of read.query) for (const value of given.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at);
}

/** The parsed query without the parameters the read does not declare, so that its handler cannot depend on them. */
export function declaredQuery(request: FastifyRequest, read: PublicRead): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return Object.fromEntries(read.query.filter((name) => query[name] !== undefined).map((name) => [name, query[name]]));
}
