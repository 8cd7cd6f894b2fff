import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { constants } from 'node:zlib';
import { PREVIEW_PARAM } from '../preview/links.js';
import { compress as compressAs, compressBrotli, compressGzip, etagOf, matchesEtag, negotiateEncoding } from './encoding.js';
import { PageCache, type CacheTicket, type CachedResponse, type Variant } from './pageCache.js';
import { declaredQuery, publicUrlOf } from './publicRead.js';
import { nextScheduledChange } from './scheduled.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rendered public pages and JSON reads; `invalidate()` after every content change. */
    pageCache: PageCache;
  }
  interface FastifyRequest {
    /** Set for a GET the cache may store; null otherwise. */
    pageCacheTicket: CacheTicket | null;
    /** What a cache hit of this response must repeat (a route sets it: counting an article's read). */
    pageCacheOnHit: (() => void) | null;
    /** For a public read: its path and the query parameters it declares, all it may depend on; null otherwise. */
    publicUrl: string | null;
  }
}

/** Headers that belong to one transfer of the body, not to the stored response. */
const TRANSFER_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive', 'etag', 'vary']);
/** What a 304 repeats of the full answer. */
const NOT_MODIFIED_HEADERS = ['cache-control', 'content-location', 'expires'];

const PAGE_CACHE_CONTROL = 'no-cache';

function storedHeaders(headers: Record<string, string | number | string[] | undefined>): Record<string, string> {
  const stored: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || TRANSFER_HEADERS.has(name)) continue;
    stored[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return stored;
}

function variant(base: Record<string, string>, body: Buffer, encoding: 'br' | 'gzip' | null): Variant {
  const headers: Record<string, string> = { ...base, 'content-length': String(body.length) };
  if (encoding) headers['content-encoding'] = encoding;
  return { headers, body };
}

function entryOf(
  statusCode: number,
  headers: Record<string, string | number | string[] | undefined>,
  etag: string,
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer },
  onHit: (() => void) | null,
): CachedResponse {
  const base: Record<string, string> = { ...storedHeaders(headers), etag, vary: 'Accept-Encoding' };
  const notModified: Record<string, string> = { etag, vary: 'Accept-Encoding' };
  for (const name of NOT_MODIFIED_HEADERS) {
    const value = base[name];
    if (value) notModified[name] = value;
  }
  return {
    statusCode,
    etag,
    identity: variant(base, bodies.identity, null),
    gzip: variant(base, bodies.gzip, 'gzip'),
    br: variant(base, bodies.br, 'br'),
    notModified,
    onHit,
  };
}

/**
 * A header of public responses whose value depends on the visitor (the CSP by their analytics consent): the cache
 * stores the value as rendered and `value` gives each answer its own, fresh or from the cache. A 304 repeats it too,
 * so that the copy in the browser's cache follows the visitor's latest choice.
 */
export interface VisitorHeader {
  /** Lower case. */
  name: string;
  value: (request: FastifyRequest, stored: string) => string;
}

function forVisitor(request: FastifyRequest, headers: Record<string, string>, visitorHeader: VisitorHeader | null, from = headers): Record<string, string> {
  const stored = from[visitorHeader?.name ?? ''];
  if (!visitorHeader || stored === undefined) return headers;
  return { ...headers, [visitorHeader.name]: visitorHeader.value(request, stored) };
}

/** Answers from the cache with the raw response: no serialisation, no hooks, the stored bytes as they are. */
function serveHit(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse, visitorHeader: VisitorHeader | null): void {
  reply.hijack();
  const response = reply.raw;
  entry.onHit?.();
  if (matchesEtag(request.headers['if-none-match'], entry.etag)) {
    response.writeHead(304, forVisitor(request, entry.notModified, visitorHeader, entry.identity.headers));
    response.end();
    return;
  }
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  const chosen = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.identity;
  response.writeHead(entry.statusCode, forVisitor(request, chosen.headers, visitorHeader));
  if (request.method === 'HEAD') response.end();
  else response.end(chosen.body);
}

function isStorable(reply: FastifyReply, payload: unknown): payload is string | Buffer {
  if (reply.statusCode !== 200) return false;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  if (reply.hasHeader('set-cookie') || reply.hasHeader('content-encoding')) return false;
  const cacheControl = reply.getHeader('cache-control');
  return !(typeof cacheControl === 'string' && /no-store|private/.test(cacheControl));
}

export interface DeliveryOptions {
  /** Memory for the page cache in bytes; 0 turns it off (pages are still compressed and get an ETag). */
  pageCacheBytes: number;
  /** A header set per visitor on public responses, never stored; null when every visitor gets the same. */
  visitorHeader?: VisitorHeader | null;
}

/**
 * Compression, validators and the page cache for every response. Install it before the routes and before the
 * security headers' hook, so that a cache hit is answered first: the stored response already carries every header
 * it was rendered with.
 */
export async function installDelivery(app: FastifyInstance, options: DeliveryOptions): Promise<PageCache> {
  const visitorHeader = options.visitorHeader ?? null;
  const cache = new PageCache({ maxBytes: options.pageCacheBytes, nextScheduledChange: (since) => nextScheduledChange(app.db, since) });
  app.decorate('pageCache', cache);
  app.decorateRequest('pageCacheTicket', null);
  app.decorateRequest('pageCacheOnHit', null);
  app.decorateRequest('publicUrl', null);

  // Only a route that declares itself a public read is kept, whatever its address looks like: the admin, the
  // session endpoints, previews and files never are. A request that carries credentials is never answered from or
  // stored in the cache, even on a public route.
  app.addHook('onRequest', (request, reply, done) => {
    const read = request.routeOptions.config.publicRead;
    if (!read || (request.method !== 'GET' && request.method !== 'HEAD')) {
      done();
      return;
    }
    const key = publicUrlOf(request.url, read);
    request.publicUrl = key;
    const query = declaredQuery(request, read);
    request.query = query;
    // A preview link shows what visitors may not see yet: never stored, never answered from the cache.
    if (request.headers.authorization !== undefined || query[PREVIEW_PARAM] !== undefined) {
      done();
      return;
    }
    const entry = cache.get(key);
    if (entry) {
      serveHit(request, reply, entry, visitorHeader);
      return;
    }
    if (request.method === 'GET') request.pageCacheTicket = cache.ticket(key);
    done();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const ticket = request.pageCacheTicket;
    if (!ticket || !isStorable(reply, payload)) return payload;
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', PAGE_CACHE_CONTROL);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const etag = etagOf(body);
    reply.header('etag', etag);
    reply.header('vary', 'Accept-Encoding');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    let chosen: Buffer;
    if (cache.enabled) {
      const [gzip, br] = await Promise.all([compressGzip(body), compressBrotli(body)]);
      const entry = entryOf(reply.statusCode, reply.getHeaders(), etag, { identity: body, gzip, br }, request.pageCacheOnHit);
      cache.set(ticket, entry).catch((error: unknown) => request.log.warn({ err: error }, 'page cache: not stored'));
      chosen = encoding === 'br' ? br : encoding === 'gzip' ? gzip : body;
    } else {
      chosen = matchesEtag(request.headers['if-none-match'], etag) ? body : await compressAs(body, encoding);
    }
    if (matchesEtag(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      return '';
    }
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return chosen;
  });

  if (visitorHeader) {
    // After the hook above (hooks run in the order they are added): the response is stored with the rendered value.
    app.addHook('onSend', async (request, reply, payload) => {
      const stored = reply.getHeader(visitorHeader.name);
      if (request.publicUrl === null || typeof stored !== 'string') return payload;
      reply.raw.removeHeader(visitorHeader.name);
      reply.header(visitorHeader.name, visitorHeader.value(request, stored));
      return payload;
    });
  }

  // Everything the cache does not handle (admin JSON, uploaded SVGs, feeds when uncached…) is compressed on the fly.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  return cache;
}
