import type { FastifyInstance } from 'fastify';
import { registerAdminReads, type ListSpec } from '../../admin/listQuery.js';
import { requireRole } from '../../auth/guard.js';
import type { AuditLogRow } from '../../db/schema.js';

const AUDIT_LIST: ListSpec<'audit_log'> = {
  resource: 'audit-log',
  table: 'audit_log',
  sortable: ['created_at', 'user_id', 'user_email', 'action', 'resource', 'record_id', 'ip'],
  searchable: ['user_email', 'action', 'resource', 'record_id'],
  filters: { user_id: 'int', user_email: 'text', resource: 'text', action: 'text', record_id: 'text', ip: 'text' },
  defaultSort: ['created_at', 'DESC'],
};

const toRecord = (row: AuditLogRow) => ({
  id: row.id,
  user_id: row.user_id,
  user_email: row.user_email,
  action: row.action,
  resource: row.resource,
  record_id: row.record_id,
  ip: row.ip,
  created_at: row.created_at,
});

/** The audit log (read only, MANAGER only), in the admin list conventions, newest first by default. */
export async function adminAuditLogRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', requireRole('MANAGER'));

  registerAdminReads(app, AUDIT_LIST, (rows) => rows.map(toRecord));
}
