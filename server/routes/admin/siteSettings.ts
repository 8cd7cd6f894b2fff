import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { requireAccess } from '../../auth/guard.js';
import { lowVisionOffered, setSetting, SETTING_KEYS } from '../../auth/settings.js';
import { auditedWrite } from '../../records/audit.js';
import { draftsFirst, resourcesReviewedFor } from '../../review/rules.js';
import { ADMIN_DOCS, siteOptions } from '../openapi/admin.js';

type SiteOptions = z.infer<typeof siteOptions>;

/**
 * `GET /api/admin/site-settings`: what of the server's configuration the admin's screens follow, for any signed-in
 * user: the site's languages (with English on, the forms of translatable resources edit the English version too),
 * whether the public pages offer the version for the visually impaired, whether a live record's primary save keeps a
 * draft, and the resources whose changes by this user wait for review (so that a new record's form offers «Отправить
 * на согласование» rather than «Опубликовать»). `PUT /api/admin/settings/site` turns the version for the visually
 * impaired on or off; the write goes through the audited path, so every cached page (they all read the setting) is
 * rendered again.
 */
export async function adminSiteSettingsRoutes(app: FastifyInstance): Promise<void> {
  const current = async (request: { user?: Parameters<typeof resourcesReviewedFor>[1] }) => ({
    data: {
      locales: [...app.config.siteLocales],
      low_vision: await lowVisionOffered(app.db),
      drafts_first: await draftsFirst(app.db),
      reviewed: await resourcesReviewedFor(app.db, request.user),
    },
  });
  await app.register(async (staff) => {
    staff.addHook('onRequest', requireAccess('staff'));
    staff.get('/api/admin/site-settings', { schema: ADMIN_DOCS.siteSettings }, current);
  });
  await app.register(async (managers) => {
    managers.addHook('onRequest', requireAccess({ resource: 'settings' }));
    managers.put<{ Body: SiteOptions }>('/api/admin/settings/site', { schema: { ...ADMIN_DOCS.writeSiteSettings, body: siteOptions } }, async (request) => {
      await auditedWrite(request, { action: 'update', resource: 'settings' }, async (trx) => {
        await setSetting(trx, SETTING_KEYS.lowVision, request.body.low_vision ? '1' : '0');
        return { id: 'site' };
      });
      return current(request);
    });
  });
}
