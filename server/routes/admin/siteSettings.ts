import type { FastifyInstance } from 'fastify';
import { requireRole } from '../../auth/guard.js';
import { draftsFirst, resourcesReviewedFor } from '../../review/rules.js';
import { ADMIN_DOCS } from '../openapi/admin.js';

/**
 * `GET /api/admin/site-settings`: what of the server's configuration the admin's screens follow, for any signed-in
 * user: the site's languages (with English on, the forms of translatable resources edit the English version too),
 * whether a live record's primary save keeps a draft, and the resources whose changes by this user wait for review
 * (so that a new record's form offers «Отправить на согласование» rather than «Опубликовать»).
 */
export async function adminSiteSettingsRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireRole('USER'));
  app.get('/api/admin/site-settings', { schema: ADMIN_DOCS.siteSettings }, async (request) => ({
    data: {
      locales: [...app.config.siteLocales],
      drafts_first: await draftsFirst(app.db),
      reviewed: await resourcesReviewedFor(app.db, request.user),
    },
  }));
}
