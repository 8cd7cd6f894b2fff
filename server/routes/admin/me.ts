import type { FastifyInstance } from 'fastify';
import { toUserRecord, USER_COLUMNS } from '../../auth/accounts.js';
import { requireAccess } from '../../auth/guard.js';
import { notFound } from '../../http/errors.js';
import { ADMIN_DOCS } from '../openapi/admin.js';

/** `GET /api/admin/me`: the signed-in user, of any role, with what the role may do by resource (what the admin offers). */
export async function adminMeRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireAccess('staff'));
  app.get('/api/admin/me', { schema: ADMIN_DOCS.me }, async (request) => {
    const row = await app.db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where('id', '=', request.user?.id ?? 0)
      .executeTakeFirst();
    if (!row) throw notFound();
    return { data: { ...toUserRecord(row), permissions: request.user?.permissions ?? {} } };
  });
}
