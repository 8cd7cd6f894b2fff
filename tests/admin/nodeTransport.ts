import { request as httpRequest } from 'node:http';
import type { Transport } from '../../dataProvider/httpClient.js';

/** How much of a body goes up between two progress reports. */
const CHUNK_BYTES = 16 * 1024;

/** A body as bytes, with the Content-Type a browser gives a form (its boundary). */
async function encode(body: string | FormData | undefined): Promise<{ bytes: Buffer; contentType?: string }> {
  if (body === undefined) return { bytes: Buffer.alloc(0) };
  if (typeof body === 'string') return { bytes: Buffer.from(body) };
  const encoded = new Response(body);
  return { bytes: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? undefined };
}

/**
 * The admin's transport for tests that talk to a real server from Node, which has no XMLHttpRequest: the same
 * request description over node:http, the upload's progress reported chunk by chunk as the body is written, the
 * timeout and the cancellation failing like the browser's.
 */
export const nodeTransport: Transport = async (request) => {
  const { bytes, contentType } = await encode(request.body);
  const headers: Record<string, string> = { ...request.headers, 'content-length': String(bytes.length) };
  if (contentType) headers['content-type'] = contentType;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(request.url, { method: request.method, headers, signal: request.signal, timeout: request.timeout || undefined });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`timeout of ${request.timeout}ms exceeded`)));
    outgoing.on('error', (error) => reject(request.signal?.aborted ? new Error('canceled') : error));
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const answered = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value !== undefined) answered.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        resolve({ status: incoming.statusCode ?? 0, headers: answered, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    const report = request.onUploadProgress;
    let loaded = 0;
    const writeNext = () => {
      if (loaded >= bytes.length) {
        outgoing.end();
        return;
      }
      const chunk = bytes.subarray(loaded, loaded + CHUNK_BYTES);
      outgoing.write(chunk, (error) => {
        // A failed write ends in the request's 'error' event.
        if (error) return;
        loaded += chunk.length;
        report?.({ loaded, total: bytes.length });
        writeNext();
      });
    };
    writeNext();
  });
};
