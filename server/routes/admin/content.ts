import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MULTIPART_LIMITS } from '../../admin/upload.js';
import { authenticate } from '../../auth/guard.js';
import { articleRoutes } from './articles.js';
import { mediaOtherRoutes, mediaSourceRoutes, mediaVideoRoutes } from './media.js';
import { menuAdminRoutes, networkAdminRoutes } from './rest.js';
import { photobankAdminRoutes } from './photobank.js';
import { textPagesAdminRoutes } from './textPages.js';

/**
 * Every admin read and write of content, in one encapsulated scope that denies by default: each request must
 * carry a USER or MANAGER token (checked on `onRequest`, before a body is read), and the MANAGER resources sit
 * in a nested scope that also requires MANAGER. Multipart parsing exists only inside this scope.
 */
export async function adminContentRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    request.user = await authenticate(request, 'USER');
  });

  // Verbs without a payload may arrive with `Content-Type: application/json` and no body at all.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const textBody = body.toString();
    if (textBody.trim() === '') return done(null, {});
    jsonParser(request, textBody, done);
  });
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

  await app.register(articleRoutes('news', 'news'));
  await app.register(articleRoutes('media-our', 'media_our'));
  await app.register(mediaOtherRoutes);
  await app.register(mediaVideoRoutes);
  await app.register(photobankAdminRoutes);

  await app.register(async (manager) => {
    manager.addHook('onRequest', async (request) => {
      request.user = await authenticate(request, 'MANAGER');
    });
    await manager.register(mediaSourceRoutes);
    await manager.register(textPagesAdminRoutes);
    await manager.register(menuAdminRoutes);
    await manager.register(networkAdminRoutes);
  });
}
