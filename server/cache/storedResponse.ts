import type { CachedResponse, Variant } from './pageCache.js';

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
]);
/** What a 304 repeats of the full answer. */
const NOT_MODIFIED_HEADERS = ['cache-control', 'content-location', 'expires'];

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

export function entryOf(
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
