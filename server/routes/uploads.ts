import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { mkdir } from 'node:fs/promises';
import { UPLOADS_URL } from '../content/mappers.js';
import { mediaTypeOf, servedHeadersOf } from '../files/mediaTypes.js';
import { LocalFileStore } from '../files/store.js';
import { S3FileStore } from '../files/s3Store.js';
import { notFound } from '../http/errors.js';

/** Names are chosen by the server and never reused (server/files/store.ts): a stored file never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A key as the server writes them (`news/3f9c….jpg`, `photobank/logos/….svg`): nothing else reaches the bucket. */
const KEY_PATTERN = /^[\w-]+(?:\/[\w-]+)*\.\w+$/;

/**
 * Serves uploaded files under `/uploads/`: from the local folder as static files, or streamed from the bucket
 * with the same headers (media type, immutable caching, ranges, and `servedHeadersOf`: nosniff, the sandbox, the
 * download disposition). With `S3_PUBLIC_URL` pages link the files there instead, and this route only serves links
 * made before.
 */
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const store = app.files;
  if (store instanceof LocalFileStore) {
    await mkdir(store.root, { recursive: true });
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
    if (!KEY_PATTERN.test(key)) throw notFound('Файл не найден.');
    const range = typeof request.headers.range === 'string' ? request.headers.range : null;
    const object = await store.get(key, range);
    if (!object) throw notFound('Файл не найден.');
    for (const [name, value] of servedHeadersOf(key)) reply.header(name, value);
    reply.code(object.status).type(mediaTypeOf(key)).header('Cache-Control', IMMUTABLE).header('Accept-Ranges', 'bytes');
    reply.header('Content-Length', String(object.contentLength));
    if (object.contentRange) reply.header('Content-Range', object.contentRange);
    if (object.etag) reply.header('ETag', object.etag);
    if (object.lastModified) reply.header('Last-Modified', object.lastModified.toUTCString());
    return reply.send(object.body);
  });
};
