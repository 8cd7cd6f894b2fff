import type { FastifyRequest } from 'fastify';
import { BUILTIN_ROLES, builtinPermissions, isBuiltinRole, type Permissions } from '../../lib/resources/rights.js';
import { ROLES_LOCK } from '../auth/accounts.js';
import { lockForDecision } from '../db/locks.js';
import type { Database, Db } from '../db/schema.js';
import type { Selectable, Transaction } from 'kysely';
import type { RolesTable } from '../db/tables/accounts.js';
import { HttpError, notFound } from '../http/errors.js';
import { recordAudit } from '../records/audit.js';
import { ROLES_RESOURCE } from './cache.js';
import { requireWithinOwnRights } from './escalation.js';
import { ROLE_MESSAGES, storedPermissions } from './permissions.js';

/** A role as the API answers it; a built-in role's rights are those its declarations give. */
export interface RoleRecord {
  id: number;
  name: string;
  title: string;
  builtin: boolean;
  permissions: Permissions;
}

type RoleRow = Selectable<RolesTable>;

const toRecord = (row: RoleRow): RoleRecord => ({
  id: row.id,
  name: row.name,
  title: row.title,
  builtin: row.builtin === 1,
  permissions: isBuiltinRole(row.name) ? builtinPermissions(row.name) : storedPermissions(row.permissions),
});

const BUILTIN_TITLES = { USER: 'Пользователь', MANAGER: 'Менеджер' } as const;

/** Makes the rows of the built-in roles where they are missing (a new database, a restored archive made before roles). */
export async function ensureBuiltinRoles(db: Db): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('roles')
    .values(BUILTIN_ROLES.map((name) => ({ name, title: BUILTIN_TITLES[name], builtin: 1 as const, permissions: '{}', created_at: now, updated_at: now })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

/** Every role, the built-in ones first. */
export async function listRoles(db: Db): Promise<RoleRecord[]> {
  const rows = await db.selectFrom('roles').selectAll().orderBy('builtin', 'desc').orderBy('id').execute();
  return rows.map(toRecord);
}

export async function findRole(db: Db, id: number): Promise<RoleRecord> {
  const row = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ROLE_MESSAGES.unknownRole);
  return toRecord(row);
}

const isUniqueViolation = (error: unknown): boolean => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '23505' || (typeof message === 'string' && message.includes('UNIQUE constraint failed'));
};

/**
 * Writes a role in one transaction with its audit entry (the role's name as the record), then tells every process
 * that a role changed: their caches of the roles' rights (and nothing else of the page cache) read them again.
 */
async function writeRole(
  request: FastifyRequest,
  action: 'create' | 'update' | 'delete',
  write: (trx: Transaction<Database>) => Promise<RoleRow>,
): Promise<RoleRecord> {
  const row = await request.server.db.transaction().execute(async (trx) => {
    const written = await write(trx);
    await recordAudit(request, { action, resource: ROLES_RESOURCE, recordId: written.name, details: `Роль «${written.title}» (${written.name})` }, trx);
    return written;
  });
  await request.server.pageCache.invalidate({ tables: ['roles'], changed: { resource: ROLES_RESOURCE, id: row.id } });
  return toRecord(row);
}

/** A built-in role is never changed nor removed. */
async function customRole(trx: Transaction<Database>, id: number): Promise<RoleRow> {
  const row = await trx.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ROLE_MESSAGES.unknownRole);
  if (row.builtin === 1) throw new HttpError(409, ROLE_MESSAGES.builtin);
  return row;
}

export async function createRole(request: FastifyRequest, role: { name: string; title: string; permissions: Permissions }): Promise<RoleRecord> {
  if (isBuiltinRole(role.name)) throw new HttpError(409, ROLE_MESSAGES.builtin, { name: [ROLE_MESSAGES.builtin] });
  requireWithinOwnRights(request, role.permissions);
  const now = new Date().toISOString();
  try {
    return await writeRole(request, 'create', (trx) =>
      trx
        .insertInto('roles')
        .values({ name: role.name, title: role.title, builtin: 0, permissions: JSON.stringify(role.permissions), created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, ROLE_MESSAGES.taken, { name: [ROLE_MESSAGES.taken] });
    throw error;
  }
}

export async function updateRole(request: FastifyRequest, id: number, changes: { title?: string; permissions?: Permissions }): Promise<RoleRecord> {
  return writeRole(request, 'update', async (trx) => {
    requireWithinOwnRights(request, storedPermissions((await customRole(trx, id)).permissions));
    if (changes.permissions !== undefined) requireWithinOwnRights(request, changes.permissions);
    return trx
      .updateTable('roles')
      .set({
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.permissions !== undefined ? { permissions: JSON.stringify(changes.permissions) } : {}),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Removes a role no account has (409 otherwise), under the lock that giving an account a role takes. */
export async function deleteRole(request: FastifyRequest, id: number): Promise<RoleRecord> {
  return writeRole(request, 'delete', async (trx) => {
    await lockForDecision(trx, ROLES_LOCK);
    const row = await customRole(trx, id);
    requireWithinOwnRights(request, storedPermissions(row.permissions));
    const holder = await trx.selectFrom('users').select('id').where('role', '=', row.name).limit(1).executeTakeFirst();
    if (holder) throw new HttpError(409, ROLE_MESSAGES.inUse);
    await trx.deleteFrom('roles').where('id', '=', id).execute();
    return row;
  });
}
