import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../records/audit.js';
import { expectedVersions } from '../../records/versions.js';
import {
  activeSchema,
  createUser,
  deleteUser,
  emailSchema,
  nameSchema,
  passwordSchema,
  roleChangeDetails,
  roleSchema,
  updateUser,
} from '../../auth/accounts.js';
import { HttpError, notFound } from '../../http/errors.js';
import { idParams } from '../../resources/zod.js';
import { requireWithinOwnRights } from '../../roles/escalation.js';
import { ADMIN_DOCS } from '../openapi/admin.js';

const createBody = z.object({
  email: emailSchema,
  name: nameSchema,
  password: passwordSchema,
  role: roleSchema.default('USER'),
  active: activeSchema.default(1),
});

/**
 * ra-data-simple-rest sends the whole record on update (id, timestamps included: ignored); an empty or null
 * password means "unchanged".
 */
const updateBody = z.object({
  email: emailSchema.optional(),
  name: nameSchema.optional(),
  password: z.preprocess((value) => (value === '' || value === null ? undefined : value), passwordSchema.optional()),
  role: roleSchema.optional(),
  active: activeSchema.optional(),
});

export const SELF_MESSAGES = {
  delete: 'Нельзя удалить свою учётную запись.',
  deactivate: 'Нельзя отключить свою учётную запись.',
  demote: 'Нельзя понизить свою роль.',
} as const;

/**
 * The users' writes (plain REST for ra-data-simple-rest; docs/admin-api.md), never answering the password hash. A
 * manager cannot delete, deactivate or demote themselves, so the site always keeps an active manager. Reads and the
 * MANAGER role come from the resource registry.
 */
export async function usersWriteRoutes(app: FastifyInstance): Promise<void> {
  /** The rights of the account's role now: changing or removing it may not reach beyond the rights of who does it. */
  const rightsOfAccount = async (id: number) => {
    const account = await app.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst();
    return account ? app.roles.permissionsOf(account.role) : {};
  };

  // Each audit entry is written in the same transaction as the change it records.
  app.post('/api/admin/users', { schema: { ...ADMIN_DOCS.createUser, body: createBody } }, async (request, reply) => {
    const body = request.body as z.output<typeof createBody>;
    requireWithinOwnRights(request, await app.roles.permissionsOf(body.role));
    const user = await createUser(app.db, body, (trx, created) =>
      recordAudit(request, { action: 'create', resource: 'users', recordId: created.id, details: roleChangeDetails(created.role, null) }, trx),
    );
    return reply.code(201).send({ data: user });
  });

  app.put<{ Params: { id: number } }>('/api/admin/users/:id', { schema: { ...ADMIN_DOCS.updateUser, params: idParams, body: updateBody } }, async (request) => {
    const id = request.params.id;
    const changes = request.body as z.output<typeof updateBody>;
    requireWithinOwnRights(request, await rightsOfAccount(id));
    if (changes.role !== undefined) requireWithinOwnRights(request, await app.roles.permissionsOf(changes.role));
    if (id === request.user?.id) {
      if (changes.active === 0) throw new HttpError(409, SELF_MESSAGES.deactivate, { active: [SELF_MESSAGES.deactivate] });
      if (changes.role !== undefined && changes.role !== request.user.role) throw new HttpError(409, SELF_MESSAGES.demote, { role: [SELF_MESSAGES.demote] });
    }
    const result = await updateUser(
      app.db,
      id,
      changes,
      (trx, user, previousRole) =>
        recordAudit(request, { action: 'update', resource: 'users', recordId: id, details: roleChangeDetails(user.role, previousRole) }, trx),
      expectedVersions(request),
    );
    if (!result) throw notFound();
    return { data: result.user };
  });

  app.delete<{ Params: { id: number } }>('/api/admin/users/:id', { schema: { ...ADMIN_DOCS.deleteUser, params: idParams } }, async (request) => {
    const id = request.params.id;
    if (id === request.user?.id) throw new HttpError(409, SELF_MESSAGES.delete);
    requireWithinOwnRights(request, await rightsOfAccount(id));
    const user = await deleteUser(
      app.db,
      id,
      (trx) => recordAudit(request, { action: 'delete', resource: 'users', recordId: id }, trx),
      expectedVersions(request),
    );
    if (!user) throw notFound();
    return { data: user };
  });
}
