import { defineResource } from './descriptor.js';
import { flag, requiredText } from './fields.js';

/** Staff accounts; their routes are their own (passwords, roles, the last active manager), beside the registry. */
export const users = defineResource({
  name: 'users',
  table: 'users',
  role: 'MANAGER',
  api: 'custom',
  timestamps: true,
  fields: {
    email: requiredText(254),
    name: requiredText(200),
    role: {
      kind: 'choice',
      required: true,
      choices: [
        { id: 'USER', name: 'app.roles.USER' },
        { id: 'MANAGER', name: 'app.roles.MANAGER' },
      ],
    },
    active: flag(1),
  },
  list: {
    sortable: ['email', 'name', 'role', 'active', 'created_at', 'updated_at'],
    searchable: ['email', 'name'],
    filters: { role: 'text', active: 'int', email: 'text' },
    defaultSort: ['id', 'ASC'],
    columns: ['email', 'name', 'role', 'active', 'two_factor', 'created_at', 'updated_at', 'version'],
  },
  menu: 'administration',
});

/** Who did what to which record, when and from where. */
export const auditLog = defineResource({
  name: 'audit-log',
  table: 'audit_log',
  role: 'MANAGER',
  api: 'read-only',
  fields: {},
  list: {
    sortable: ['created_at', 'user_id', 'user_email', 'action', 'resource', 'record_id', 'ip'],
    // Who, what and where: a few staff e-mails, verbs and resources repeated by every entry, searched among their
    // distinct values, so that a search costs the same at a hundred entries and at a million. A record is found by
    // its `record_id` filter.
    searchable: ['user_email', 'action', 'resource'],
    searchIn: 'values',
    filters: { user_id: 'int', user_email: 'text', resource: 'text', action: 'text', record_id: 'text', ip: 'text' },
    defaultSort: ['created_at', 'DESC'],
    columns: ['created_at', 'user_id', 'user_email', 'action', 'resource', 'record_id', 'ip', 'details'],
  },
  menu: 'administration',
});

/**
 * What staff administer beside the registry's records, each a resource of the roles' grid: the site's settings
 * (security, review, IndexNow), the roles themselves and the backups, each with the actions that mean something for it.
 */
export const ADMINISTRATION_AREAS = [
  { name: 'settings', label: 'Настройки', actions: ['read', 'edit'] },
  { name: 'roles', label: 'Роли', actions: ['read', 'edit', 'delete'] },
  { name: 'backups', label: 'Резервные копии', actions: ['read', 'edit'] },
] as const;
