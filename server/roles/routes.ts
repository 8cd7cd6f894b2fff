import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAccess } from '../auth/guard.js';
import { idParams } from '../resources/zod.js';
import { ROLES_RESOURCE } from './cache.js';
import { ROLE_DOCS } from './openapi.js';
import { permissionsSchema, roleNameSchema, roleTitleSchema } from './permissions.js';
import { createRole, deleteRole, findRole, listRoles, updateRole } from './store.js';

export const createRoleBody = z.object({ name: roleNameSchema, title: roleTitleSchema, permissions: permissionsSchema });
/** The name of a role is how accounts refer to it: it is not changed (a role under another name is a new role). */
export const updateRoleBody = z.object({ title: roleTitleSchema.optional(), permissions: permissionsSchema.optional() });

type IdRoute = { Params: { id: number } };

/**
 * The roles (plain REST): every role with its rights, the built-in USER and MANAGER among them, read-only. Who may
 * read or change them is a role's right like any other (`roles`), the MANAGER's by default.
 */
export async function roleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireAccess({ resource: ROLES_RESOURCE }));

    scope.get('/api/admin/roles', { schema: ROLE_DOCS.list }, async () => ({ data: await listRoles(app.db) }));

    scope.get<IdRoute>('/api/admin/roles/:id', { schema: { ...ROLE_DOCS.one, params: idParams } }, async (request) => ({
      data: await findRole(app.db, request.params.id),
    }));

    scope.post('/api/admin/roles', { schema: { ...ROLE_DOCS.create, body: createRoleBody } }, async (request, reply) => {
      const body = request.body as z.output<typeof createRoleBody>;
      return reply.code(201).send({ data: await createRole(request, body) });
    });

    scope.put<IdRoute>('/api/admin/roles/:id', { schema: { ...ROLE_DOCS.update, params: idParams, body: updateRoleBody } }, async (request) => ({
      data: await updateRole(request, request.params.id, request.body as z.output<typeof updateRoleBody>),
    }));

    scope.delete<IdRoute>('/api/admin/roles/:id', { schema: { ...ROLE_DOCS.remove, params: idParams } }, async (request) => ({
      data: await deleteRole(request, request.params.id),
    }));
  });
}
