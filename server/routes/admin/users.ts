import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../admin/audit.js';
import { parseId, registerAdminReads, type ListSpec } from '../../admin/listQuery.js';
import {
  activeSchema,
  createUser,
  deleteUser,
  emailSchema,
  nameSchema,
  passwordSchema,
  roleSchema,
  toUserRecord,
  updateUser,
  USER_COLUMNS,
} from '../../auth/accounts.js';
import { requireRole } from '../../auth/guard.js';
import { HttpError, notFound } from '../../http/errors.js';
import { parseForm } from '../../http/validation.js';

const USERS_LIST: ListSpec<'users'> = {
  resource: 'users',
  table: 'users',
  sortable: ['email', 'name', 'role', 'active', 'created_at', 'updated_at'],
  searchable: ['email', 'name'],
  filters: { role: 'text', active: 'int', email: 'text' },
  defaultSort: ['id', 'ASC'],
};

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
 * Users (plain REST for ra-data-simple-rest; docs/admin-api.md): MANAGER only, never the password hash. A manager
 * cannot delete, deactivate or demote themselves, so the site always keeps an active manager.
 * `GET /api/admin/me` answers the signed-in user of any role.
 */
export async function adminUsersRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/admin/me', { preHandler: requireRole('USER') }, async (request) => {
    const row = await app.db.selectFrom('users').select(USER_COLUMNS).where('id', '=', request.user?.id ?? 0).executeTakeFirst();
    if (!row) throw notFound();
    return { data: toUserRecord(row) };
  });

  await app.register(async (managers) => {
    // Deny by default: every route of this scope needs a MANAGER.
    managers.addHook('preHandler', requireRole('MANAGER'));

    // List and one-record reads; `toUserRecord` leaves out the password hash and the token version.
    registerAdminReads(managers, USERS_LIST, (rows) => rows.map(toUserRecord));

    managers.post('/api/admin/users', async (request, reply) => {
      const body = parseForm(createBody, request.body);
      // The audit entry is written in the same transaction as the account.
      const user = await createUser(app.db, body, (trx, created) => recordAudit(request, { action: 'create', resource: 'users', recordId: created.id }, trx));
      return reply.code(201).send({ data: user });
    });

    managers.put<{ Params: { id: string } }>('/api/admin/users/:id', async (request) => {
      const id = parseId(request.params.id);
      const changes = parseForm(updateBody, request.body);
      if (id === request.user?.id) {
        if (changes.active === 0) throw new HttpError(409, SELF_MESSAGES.deactivate, { active: [SELF_MESSAGES.deactivate] });
        if (changes.role !== undefined && changes.role !== 'MANAGER') throw new HttpError(409, SELF_MESSAGES.demote, { role: [SELF_MESSAGES.demote] });
      }
      const result = await updateUser(app.db, id, changes, (trx) => recordAudit(request, { action: 'update', resource: 'users', recordId: id }, trx));
      if (!result) throw notFound();
      return { data: result.user };
    });

    managers.delete<{ Params: { id: string } }>('/api/admin/users/:id', async (request) => {
      const id = parseId(request.params.id);
      if (id === request.user?.id) throw new HttpError(409, SELF_MESSAGES.delete);
      const user = await deleteUser(app.db, id, (trx) => recordAudit(request, { action: 'delete', resource: 'users', recordId: id }, trx));
      if (!user) throw notFound();
      return { data: user };
    });
  });
}
