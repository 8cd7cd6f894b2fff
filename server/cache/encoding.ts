import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Brotli quality for responses: 5 compresses a 26 KB page in about 0.5 ms to within 10 % of quality 11, which
 * takes 30 ms; stored responses are compressed once per content change, uncached ones on every response.
 */
const BROTLI_QUALITY = 5;

export function compressBrotli(body: Buffer): Promise<Buffer> {
  return brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

export function compressGzip(body: Buffer): Promise<Buffer> {
  return gzipAsync(body, { level: 6 });
}

export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') return compressBrotli(body);
  if (encoding === 'gzip') return compressGzip(body);
  return Promise.resolve(body);
}

/** A weak validator of the content (the same for every encoding of it). */
export function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

const SERVED_CODINGS = ['br', 'gzip', 'identity'] as const;

/** How much the client wants each coding (its q-value): listed codings, then `*` for the rest. */
function preferences(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    const q = params.map((param) => param.trim().toLowerCase()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  return weights;
}

function chooseEncoding(header: string): Encoding | null {
  const weights = preferences(header);
  const any = weights.get('*');
  let chosen: Encoding | null = null;
  let best = 0;
  // The server's order breaks ties: a strictly higher q-value is needed to pass the coding before.
  for (const coding of SERVED_CODINGS) {
    // A coding the client does not name is acceptable through `*`; identity is acceptable unless excluded.
    const weight = weights.get(coding) ?? any ?? (coding === 'identity' ? 1 : 0);
    if (weight > best) {
      chosen = coding;
      best = weight;
    }
  }
  return chosen;
}

/** Clients send few distinct headers (one per browser kind): each is parsed once. */
const chosenFor = new Map<string, Encoding | null>();
const REMEMBERED_HEADERS = 256;

/**
 * The coding to answer with, by the client's q-values (names compared case-insensitively, `*` for the codings it does
 * not name, q=0 excluding), ties going to Brotli, then gzip, then none; null when the client accepts none of them,
 * not even the plain bytes (`identity;q=0`). Without the header any coding is acceptable and none is used.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (acceptEncoding === undefined) return 'identity';
  let chosen = chosenFor.get(acceptEncoding);
  if (chosen === undefined) {
    chosen = chooseEncoding(acceptEncoding);
    if (chosenFor.size >= REMEMBERED_HEADERS) chosenFor.clear();
    chosenFor.set(acceptEncoding, chosen);
  }
  return chosen;
}
