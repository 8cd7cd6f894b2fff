import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { mkdir } from 'node:fs/promises';
import { UPLOADS_URL } from '../content/mappers.js';

/** Serves uploaded files. SVGs get a sandbox CSP, so a logo opened directly can never run a script. */
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  await mkdir(app.files.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: app.files.root,
    prefix: `${UPLOADS_URL}/`,
    decorateReply: false,
    index: false,
    // Names are chosen by the server and never reused (server/files/store.ts): a stored file never changes.
    maxAge: '365d',
    immutable: true,
    setHeaders(response, filePath) {
      response.setHeader('X-Content-Type-Options', 'nosniff');
      if (filePath.endsWith('.svg')) response.setHeader('Content-Security-Policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'");
    },
  });
};
