import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { constants } from 'node:zlib';
import { PREVIEW_PARAM } from '../preview/links.js';
import { ifMatchFails, matchesEtag } from '../http/conditions.js';
import { isPrefetch } from '../http/prefetch.js';
import { compress as compressAs, compressBrotli, compressGzip, etagOf, negotiateEncoding, type Encoding } from './encoding.js';
import { QueryLog, withoutQueryLog, withQueryLog } from '../db/queryLog.js';
import { cacheStatus, type CacheOutcome } from './outcomes.js';
import { MAX_KEY_LENGTH, PageCache, type CacheTicket, type CachedResponse } from './pageCache.js';
import { entryOf, isStorable, serveStored, type VisitorHeader } from './storedResponse.js';
import { SingleFlight } from './singleFlight.js';
import { declaredQuery, publicUrlOf } from './publicRead.js';
import { nextScheduledChanges } from './scheduled.js';
import { Warmer, WARM_HEADER } from './warmer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rendered public pages and JSON reads; `invalidate()` after every content change with the tables it wrote. */
    pageCache: PageCache;
    /** Renders pages into the cache in the background (after changes) or when asked (`warm`, at start). */
    pageWarmer: Warmer;
  }
  interface FastifyRequest {
    /** Set for a GET the cache may store; null otherwise. */
    pageCacheTicket: CacheTicket | null;
    /** What a cache hit of this response must repeat (a route sets it: counting an article's read). */
    pageCacheOnHit: (() => void) | null;
    /** The route pattern of the public page this answer is (`/news/:slug`), for the metrics; a hit repeats it. */
    pageRoute: string | null;
    /** How long the response may be answered from the cache (a page holding a form token); null: until a change. */
    pageCacheTtlMs: number | null;
    /** For a public read: its path and the query parameters it declares, all it may depend on; null otherwise. */
    publicUrl: string | null;
    /** The coding of this answer, chosen from `Accept-Encoding` before anything else runs. */
    contentCoding: Encoding;
    /** For a public read answered by a render: whether the cache took part (`miss`) or not (`bypass`). */
    pageCacheOutcome: CacheOutcome | null;
    /** A visitor's visit, not a prefetch or the cache's own render: only visits count an article's read. */
    visit: boolean;
  }
}

const PAGE_CACHE_CONTROL = 'no-cache';
/** Smaller answers are sent as they are. */
const COMPRESS_THRESHOLD = 1024;

export const NOT_ACCEPTABLE_MESSAGE = 'Клиент не принимает ни одного кодирования ответа, которое есть у сервера (br, gzip или без сжатия).';

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
  // The schedule is looked up while some answer is stored; its reads are the cache's own, not that answer's.
  const cache = new PageCache({
    maxBytes: options.pageCacheBytes,
    nextScheduledChanges: (since, tables) => withoutQueryLog(() => nextScheduledChanges(app.db, since, tables)),
  });
  app.decorate('pageCache', cache);
  app.decorateRequest('pageCacheTicket', null);
  app.decorateRequest('pageCacheOnHit', null);
  app.decorateRequest('pageRoute', null);
  app.decorateRequest('pageCacheTtlMs', null);
  app.decorateRequest('publicUrl', null);
  app.decorateRequest('contentCoding', 'identity');
  app.decorateRequest('visit', true);

  // The coding is chosen once, by the client's q-values. The plugins that compress what the cache does not hold
  // (static files, other answers) then see only the chosen one, so every answer follows the same choice.
  app.addHook('onRequest', (request, reply, done) => {
    const header = request.headers['accept-encoding'];
    if (header === undefined) {
      request.contentCoding = 'identity';
      done();
      return;
    }
    const coding = negotiateEncoding(header);
    if (coding === null) {
      void reply.code(406).header('vary', 'accept-encoding').send({ message: NOT_ACCEPTABLE_MESSAGE });
      return;
    }
    request.contentCoding = coding;
    request.headers['accept-encoding'] = coding;
    done();
  });
  app.decorateRequest('pageCacheOutcome', null);
  const renders = new SingleFlight();
  const warmer = new Warmer((url, headers) => app.inject({ method: 'GET', url, headers }), app.log);
  app.decorate('pageWarmer', warmer);
  cache.onEnded((keys) => warmer.ended(keys));
  app.addHook('onClose', async () => warmer.stop());

  /** Renders the page for this request: the first request for a key while none renders it lets others wait for it. */
  const render = (request: FastifyRequest, key: string, done: () => void) => {
    request.pageCacheOutcome = 'miss';
    if (request.method !== 'GET') {
      done();
      return;
    }
    const ticket = cache.ticket(key);
    request.pageCacheTicket = ticket;
    renders.begin(ticket);
    // Every query of the render is logged in the ticket: the tables the answer shows.
    withQueryLog(ticket.reads, done);
  };

  // Only a route that declares itself a public read is kept, whatever its address looks like: the admin, the
  // session endpoints, previews and files never are. A request that carries credentials is never answered from or
  // stored in the cache, even on a public route.
  app.addHook('onRequest', (request, reply, done) => {
    const read = request.routeOptions.config.publicRead;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // The warmer renders only once the writes in progress have answered: an editor's save never waits for it.
      reply.raw.once('close', warmer.writeStarted());
      // The tables a request writes are what its change ends (records/audit.ts).
      withQueryLog(new QueryLog({ forWrites: true }), done);
      return;
    }
    if (!read) {
      done();
      return;
    }
    const key = publicUrlOf(request.url, read);
    request.publicUrl = key;
    const warming = warmer.isWarming(request.headers[WARM_HEADER]);
    request.visit = !warming && !isPrefetch(request.headers);
    const query = declaredQuery(request, read);
    request.query = query;
    // A preview link shows what visitors may not see yet: never stored, never answered from the cache.
    // `If-Match` is rare on reads: such a request is rendered, and its precondition checked like every other read's.
    if (request.headers.authorization !== undefined || query[PREVIEW_PARAM] !== undefined || request.headers['if-match'] !== undefined) {
      request.pageCacheOutcome = 'bypass';
      done();
      return;
    }
    if (!cache.enabled) {
      // Nothing is stored, but the answer still gets its validator and is compressed once.
      request.pageCacheOutcome = 'bypass';
      if (request.method === 'GET') request.pageCacheTicket = cache.ticket(key);
      done();
      return;
    }
    // An address too long to be stored is not remembered for the warmer either.
    if (!warming && key.length <= MAX_KEY_LENGTH) warmer.requested(key);
    const entry = cache.get(key);
    if (entry) {
      cache.outcomes.record('hit');
      serveStored(request, reply, entry, visitorHeader, 'hit');
      return;
    }
    const rendering = renders.of(key);
    if (!rendering) {
      render(request, key, done);
      return;
    }
    // Another request renders this page now: its answer serves this one too, unless it could not be kept.
    void rendering.then((rendered) => {
      const stored = rendered ?? cache.get(key);
      if (stored) {
        cache.outcomes.record('collapsed');
        serveStored(request, reply, stored, visitorHeader, 'collapsed');
      } else render(request, key, done);
    });
  });

  const settle = (request: FastifyRequest, stored?: CachedResponse) => {
    if (request.pageCacheTicket) renders.end(request.pageCacheTicket, stored);
  };
  app.addHook('onResponse', async (request) => settle(request));
  app.addHook('onRequestAbort', async (request) => settle(request));

  /** Tells how the answer was made, and lets the requests waiting for this render go on. */
  const answered = (request: FastifyRequest, reply: FastifyReply, outcome: CacheOutcome, stored?: CachedResponse) => {
    settle(request, stored);
    cache.outcomes.record(outcome);
    reply.header('cache-status', cacheStatus(outcome, stored !== undefined));
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const ticket = request.pageCacheTicket;
    const outcome = request.pageCacheOutcome;
    if (!ticket || !isStorable(reply, payload)) {
      if (outcome) answered(request, reply, outcome);
      return payload;
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', PAGE_CACHE_CONTROL);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const etag = etagOf(body);
    reply.header('etag', etag);
    reply.header('vary', 'Accept-Encoding');
    const encoding = request.contentCoding;
    let chosen: Buffer;
    if (cache.enabled) {
      const [gzip, br] = await Promise.all([compressGzip(body), compressBrotli(body)]);
      const entry = entryOf(reply.statusCode, reply.getHeaders(), etag, { identity: body, gzip, br }, request.pageCacheOnHit, request.pageRoute);
      const stored = await cache.set(ticket, entry, request.pageCacheTtlMs).catch((error: unknown) => {
        request.log.warn({ err: error }, 'page cache: not stored');
        return false;
      });
      answered(request, reply, outcome ?? 'miss', stored ? entry : undefined);
      chosen = encoding === 'br' ? br : encoding === 'gzip' ? gzip : body;
    } else {
      answered(request, reply, outcome ?? 'bypass');
      chosen = matchesEtag(request.headers['if-none-match'], etag) ? body : await compressAs(body, encoding);
    }
    // A failed If-Match wins over If-None-Match: the precondition hook answers 412 (server/http/conditions.ts).
    if (!ifMatchFails(request.headers['if-match'], etag) && matchesEtag(request.headers['if-none-match'], etag)) {
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

  // The compression below adds `Vary` only to what it compresses; the same answer sent plain, to a client that
  // refused compression, depends on Accept-Encoding as much, and so does a 304 in place of such an answer.
  app.addHook('onSend', async (_request, reply, payload) => {
    const size =
      typeof payload === 'string' ? Buffer.byteLength(payload) : Buffer.isBuffer(payload) ? payload.length : payload instanceof Readable ? Infinity : 0;
    if (size < COMPRESS_THRESHOLD && reply.statusCode !== 304) return payload;
    const vary = reply.getHeader('vary');
    const given = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
    if (!/accept-encoding/i.test(given)) reply.header('vary', given ? `${given}, accept-encoding` : 'accept-encoding');
    return payload;
  });

  // Everything the cache does not handle (admin JSON, uploaded SVGs, feeds when uncached…) is compressed on the fly.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  return cache;
}
