import { toUserRecord, type UserRecord } from '../../auth/accounts.js';
import { usersWriteRoutes } from '../../routes/admin/users.js';
import type { ResourceHooks } from '../hooks.js';

/** Users are read like any resource, without their password hash; their writes have rules of their own. */
export const usersHooks: ResourceHooks = {
  present: (_db, rows) => rows.map((row) => toUserRecord(row as unknown as UserRecord)),
  routes: usersWriteRoutes,
};
