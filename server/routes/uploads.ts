import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { mkdir } from 'node:fs/promises';
import { fileAccess, fileIsPublic, STAFF_FILE_CACHE } from '../assets/visibility.js';
import { UPLOADS_URL } from '../content/mappers.js';
import { mediaTypeOf, servedHeadersOf } from '../files/mediaTypes.js';
import { LocalFileStore } from '../files/store.js';
import { S3FileStore } from '../files/s3Store.js';
import { honourIfRange, ifRangeHolds, RANGE_NOT_SATISFIABLE_MESSAGE } from '../http/conditions.js';
import { HttpError, notFound } from '../http/errors.js';

/** Names are chosen by the server and never reused (server/files/store.ts): a stored file never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A key as the server writes them (`news/3f9c….jpg`, `photobank/logos/….svg`): nothing else reaches the bucket. */
const KEY_PATTERN = /^[\w-]+(?:\/[\w-]+)*\.\w+$/;

/**
 * Serves uploaded files under `/uploads/`: from the local folder as static files, or streamed from the bucket
 * with the same headers (media type, immutable caching, ranges, and `servedHeadersOf`: nosniff, the sandbox, the
 * download disposition). With `S3_PUBLIC_URL` pages link the files there instead, and this route only serves links
 * made before.
 *
 * A file is served to anyone only while a record visitors see uses its asset; else to the signed-in staff only
 * (cached by their browser alone), and to anyone else it does not exist (404).
 */
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const store = app.files;
  const staffOnly = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    const access = KEY_PATTERN.test(key) ? await fileAccess(request, () => fileIsPublic(app.db, key)) : null;
    if (!access) throw notFound('Файл не найден.');
    if (access === 'staff') staffOnly.add(request);
  });
  app.addHook('onSend', async (request, reply) => {
    if (staffOnly.has(request)) reply.header('Cache-Control', STAFF_FILE_CACHE);
  });
  if (store instanceof LocalFileStore) {
    await mkdir(store.root, { recursive: true });
    honourIfRange(app, store.root, `${UPLOADS_URL}/`);
    await app.register(fastifyStatic, {
      root: store.root,
      prefix: `${UPLOADS_URL}/`,
      decorateReply: false,
      index: false,
      maxAge: '365d',
      immutable: true,
      setHeaders(response, filePath) {
        for (const [name, value] of servedHeadersOf(filePath)) response.setHeader(name, value);
      },
    });
    return;
  }
  if (!(store instanceof S3FileStore)) throw new Error(`No way to serve uploads from a ${store.kind} store`);

  app.get<{ Params: { '*': string } }>(`${UPLOADS_URL}/*`, async (request, reply) => {
    const key = request.params['*'];
    const range = typeof request.headers.range === 'string' ? request.headers.range : null;
    const ifRange = request.headers['if-range'];
    let object = await store.get(key, range);
    if (object && 'body' in object && object.status === 206 && ifRange !== undefined && !ifRangeHolds(ifRange, object)) {
      object.body.destroy();
      object = await store.get(key, null);
    }
    if (!object) throw notFound('Файл не найден.');
    if ('unsatisfiable' in object) {
      reply.header('Content-Range', `bytes */${object.unsatisfiable}`);
      throw new HttpError(416, RANGE_NOT_SATISFIABLE_MESSAGE);
    }
    for (const [name, value] of servedHeadersOf(key)) reply.header(name, value);
    reply.code(object.status).type(mediaTypeOf(key)).header('Cache-Control', IMMUTABLE).header('Accept-Ranges', 'bytes');
    reply.header('Content-Length', String(object.contentLength));
    if (object.contentRange) reply.header('Content-Range', object.contentRange);
    if (object.etag) reply.header('ETag', object.etag);
    if (object.lastModified) reply.header('Last-Modified', object.lastModified.toUTCString());
    return reply.send(object.body);
  });
};
