import type { FastifyInstance } from 'fastify';
import { requireAccess } from '../../auth/guard.js';
import { ADMIN_DOCS } from '../openapi/admin.js';

/**
 * `GET /api/admin/site-settings`: what of the server's configuration the admin's screens follow, for any signed-in
 * user: the site's languages (with English on, the forms of translatable resources edit the English version too).
 */
export async function adminSiteSettingsRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireAccess('staff'));
  app.get('/api/admin/site-settings', { schema: ADMIN_DOCS.siteSettings }, async () => ({ data: { locales: [...app.config.siteLocales] } }));
}
