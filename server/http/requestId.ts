import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a proxy or a client names a request by, and the one every answer names it in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a proxy in front of us chose is kept, so that its log and ours can be joined, but only one that cannot
 * disturb a log line: 1 to 128 characters of Latin letters, digits and `_-.:@+=/~`. Anything else (too long, spaces,
 * quotes, control characters, several headers) is replaced by one of ours.
 */
const ACCEPTED_ID = /^[\w\-.:@+=/~]{1,128}$/;

/**
 * The id of a request: the incoming `X-Request-Id` when it is acceptable, otherwise a random UUID, unique across
 * processes and restarts (a counter would repeat `req-1` in every process).
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
}

/** Every answer names its request, page-cache hits and errors included (set before any other hook answers). */
export function installRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
