import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag } from '../http/conditions.js';
import { REQUEST_ID_HEADER } from '../http/requestId.js';
import { cacheStatus } from './outcomes.js';
import type { CachedResponse, Variant } from './pageCache.js';

// A stored answer of the page cache: whether a response may be stored, the entry made of it, and its answer from the
// cache.

/** Headers that belong to one transfer of the body, not to the stored response. */
const TRANSFER_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  'etag',
  'vary',
  'cache-status',
  // Names the request that rendered the page; each answer from the cache names its own.
  REQUEST_ID_HEADER,
]);
/** What a 304 repeats of the full answer. */
const NOT_MODIFIED_HEADERS = ['cache-control', 'content-location', 'expires'];

/** The value of `Cache-Status` for the two ways a stored answer is given. */
const HIT_STATUS = cacheStatus('hit');
const COLLAPSED_STATUS = cacheStatus('collapsed');

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

/**
 * The three bodies copied into one memory block of exactly their size. Buffers as they come hold more than their
 * bytes: a compressor's output is a slice of its 16 KB output block, and a small `Buffer.from` a slice of Node's
 * shared 8 KB pool, and a kept slice keeps its whole block alive. Copied, an entry holds what it counts.
 */
function packed(bodies: { identity: Buffer; gzip: Buffer; br: Buffer }): { identity: Buffer; gzip: Buffer; br: Buffer } {
  const { identity, gzip, br } = bodies;
  const block = Buffer.allocUnsafeSlow(identity.length + gzip.length + br.length);
  identity.copy(block, 0);
  gzip.copy(block, identity.length);
  br.copy(block, identity.length + gzip.length);
  const gzipEnd = identity.length + gzip.length;
  return { identity: block.subarray(0, identity.length), gzip: block.subarray(identity.length, gzipEnd), br: block.subarray(gzipEnd) };
}

export function entryOf(
  statusCode: number,
  headers: Record<string, string | number | string[] | undefined>,
  etag: string,
  rendered: { identity: Buffer; gzip: Buffer; br: Buffer },
  onHit: (() => void) | null,
  route: string | null = null,
): CachedResponse {
  const bodies = packed(rendered);
  // A hit is told so in the stored headers: a hit writes them as they are, in one `writeHead`.
  const base: Record<string, string> = { ...storedHeaders(headers), etag, vary: 'Accept-Encoding', 'cache-status': HIT_STATUS };
  const notModified: Record<string, string> = { etag, vary: 'Accept-Encoding', 'cache-status': HIT_STATUS };
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
    route,
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

/**
 * The headers of an answer from the cache: a copy of the stored ones with what differs for this request (its own
 * request id, a collapsed request's `Cache-Status`, the visitor's header). One object for `writeHead`: a header set
 * before it would make Node validate every header again on each answer.
 */
function answerHeaders(
  request: FastifyRequest,
  headers: Record<string, string>,
  outcome: 'hit' | 'collapsed',
  visitorHeader: VisitorHeader | null,
  from = headers,
): Record<string, string> {
  const stored = from[visitorHeader?.name ?? ''];
  const forVisitor = visitorHeader !== null && stored !== undefined;
  const answer: Record<string, string> = { ...headers, [REQUEST_ID_HEADER]: request.id };
  if (outcome === 'collapsed') answer['cache-status'] = COLLAPSED_STATUS;
  if (forVisitor) answer[visitorHeader.name] = visitorHeader.value(request, stored);
  return answer;
}

/**
 * Answers from the cache with the raw response: no serialisation, no hooks, the stored bytes as they are. `outcome`:
 * found stored (`hit`) or made by another request's render this one waited for (`collapsed`).
 */
export function serveStored(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedResponse,
  visitorHeader: VisitorHeader | null,
  outcome: 'hit' | 'collapsed',
): void {
  reply.hijack();
  const response = reply.raw;
  if (request.visit) entry.onHit?.();
  request.pageRoute = entry.route ?? null;
  if (matchesEtag(request.headers['if-none-match'], entry.etag)) {
    response.writeHead(304, answerHeaders(request, entry.notModified, outcome, visitorHeader, entry.identity.headers));
    response.end();
    return;
  }
  const encoding = request.contentCoding;
  const chosen = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.identity;
  response.writeHead(entry.statusCode, answerHeaders(request, chosen.headers, outcome, visitorHeader));
  if (request.method === 'HEAD') response.end();
  else response.end(chosen.body);
}

export function isStorable(reply: FastifyReply, payload: unknown): payload is string | Buffer {
  if (reply.statusCode !== 200) return false;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  if (reply.hasHeader('set-cookie') || reply.hasHeader('content-encoding')) return false;
  const cacheControl = reply.getHeader('cache-control');
  return !(typeof cacheControl === 'string' && /no-store|private/.test(cacheControl));
}
