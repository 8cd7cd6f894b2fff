import { builtinPermissions, isBuiltinRole, may, rightsResourceNamed, type Action, type Permissions } from '@lib/resources/rights.js';

/**
 * Names outside the rights' resources that every signed-in account may open: `media`, the public media reads
 * (generals, most read, active sources) of the dashboard and the source picker; `search`, `calendar` and `trash`,
 * the global search, the publishing calendar and the trash, whose answers the server limits to what the account may
 * read; `site-settings`, the site's languages the forms and lists follow.
 */
const OPEN_TO_EVERY_ROLE: readonly string[] = ['media', 'search', 'calendar', 'trash', 'site-settings'];

/** Screens outside the registry, each under the rights' resource it shows: the IndexNow log and «Настройки сайта» are settings. */
const SCREEN_RESOURCE: Readonly<Record<string, string>> = { indexnow: 'settings', review: 'settings' };

/** react-admin's actions (and the admin's own) as the roles' actions. */
const ACTION_OF: Readonly<Record<string, Action>> = {
  list: 'read',
  show: 'read',
  export: 'read',
  read: 'read',
  create: 'edit',
  edit: 'edit',
  clone: 'edit',
  publish: 'publish',
  delete: 'delete',
};

/**
 * The role's action that an admin action needs on a resource. A resource without drafts has no publication of its
 * own (whoever edits it publishes), so publishing it needs `edit`; any other action it does not declare needs `read`.
 */
function neededAction(resource: string, action: string | undefined): Action {
  const wanted = ACTION_OF[action ?? 'read'] ?? 'read';
  const declared = rightsResourceNamed(resource)?.actions;
  if (!declared || declared.includes(wanted)) return wanted;
  return wanted === 'publish' && declared.includes('edit') ? 'edit' : 'read';
}

/**
 * Whether an account with these rights may do an action on an admin resource or screen: the dashboard and the custom
 * routes (no resource) and the screens open to every role, always; any other name by the account's rights.
 */
export function permissionsAllow(permissions: Permissions, resource: string | undefined, action?: string): boolean {
  if (resource === undefined || OPEN_TO_EVERY_ROLE.includes(resource)) return true;
  const name = SCREEN_RESOURCE[resource] ?? resource;
  if (!rightsResourceNamed(name)) return false;
  return may(permissions, name, neededAction(name, action));
}

/** The rights of a built-in role, known without asking the server; undefined for a role a MANAGER added. */
export const knownPermissions = (role: string | undefined): Permissions | undefined =>
  role !== undefined && isBuiltinRole(role) ? builtinPermissions(role) : undefined;

/**
 * Whether a built-in role may open a resource (the resource's descriptor names the least role; MANAGER may do
 * everything). A role a MANAGER added is answered by its rights, which the authProvider reads from the server.
 */
export function roleCanAccess(role: string | undefined, resource: string | undefined): boolean {
  const permissions = knownPermissions(role);
  return permissions !== undefined && permissionsAllow(permissions, resource);
}
