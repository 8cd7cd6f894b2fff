import { ADMINISTRATION_AREAS } from './administration.js';
import type { ResourceDescriptor } from './descriptor.js';
import type { Role } from './fields.js';
import { RESOURCES } from './index.js';

/** What a role may do with a resource, in the order of the roles' grid. */
export const ACTIONS = ['read', 'edit', 'publish', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** A role's actions by resource name; a resource it does not name is closed to it. */
export type Permissions = Readonly<Record<string, readonly Action[]>>;

/** The two roles of the specification, which are not edited: USER (news and media) and MANAGER (everything). */
export const BUILTIN_ROLES = ['USER', 'MANAGER'] as const satisfies readonly Role[];
export const isBuiltinRole = (name: string): name is Role => name === 'USER' || name === 'MANAGER';

/** A role's name: lowercase Latin letters, digits and hyphens, starting with a letter. */
export const ROLE_NAME = /^[a-z][a-z0-9-]{1,40}$/;

/** One row of the roles' grid: a resource, the built-in role it belonged to, and the actions that mean something for it. */
export interface RightsResource {
  name: string;
  /** The least built-in role that uses it. */
  role: Role;
  actions: readonly Action[];
  /** Keeps drafts: "edit" without "publish" saves changes of what visitors see as drafts for someone who may publish. */
  drafts: boolean;
}

/**
 * The actions a record resource offers, from its declaration: every one is read; it is edited unless read-only; its
 * publication is an action of its own only where drafts keep changes apart from what visitors see (elsewhere whoever
 * edits publishes); it has a delete when records are removed from the admin (by its API style, or to the trash).
 */
function actionsOf(resource: ResourceDescriptor): Action[] {
  const actions: Action[] = ['read'];
  if (resource.api !== 'read-only') actions.push('edit');
  if (resource.drafts) actions.push('publish');
  if (resource.api === 'verbs' || resource.api === 'rest' || resource.api === 'custom' || resource.trash) actions.push('delete');
  return actions;
}

/** Every resource a role gives rights to: the registry's, then the administration's own. A resource added later is here. */
export const RIGHTS_RESOURCES: readonly RightsResource[] = [
  ...(RESOURCES as readonly ResourceDescriptor[]).map((resource) => ({
    name: resource.name,
    role: resource.role,
    actions: actionsOf(resource),
    drafts: resource.drafts === true,
  })),
  ...ADMINISTRATION_AREAS.map((area) => ({ name: area.name, role: 'MANAGER' as const, actions: area.actions, drafts: false })),
];

const RIGHTS_BY_NAME = new Map(RIGHTS_RESOURCES.map((resource) => [resource.name, resource]));

export const rightsResourceNamed = (name: string): RightsResource | undefined => RIGHTS_BY_NAME.get(name);

/**
 * The rights of a built-in role, from the declarations: MANAGER may do everything, USER everything with the
 * resources declared for USER. They are computed, never stored, so that a resource added later follows its role.
 */
export function builtinPermissions(role: Role): Permissions {
  return Object.fromEntries(
    RIGHTS_RESOURCES.filter((resource) => role === 'MANAGER' || resource.role === 'USER').map((resource) => [resource.name, resource.actions]),
  );
}

/** Whether the permissions allow an action on a resource. */
export const may = (permissions: Permissions, resource: string, action: Action): boolean => permissions[resource]?.includes(action) ?? false;

/** Whether the permissions allow an action on some resource (uploading into the library needs "edit" somewhere). */
export const mayAnywhere = (permissions: Permissions, action: Action): boolean => Object.values(permissions).some((actions) => actions.includes(action));

/** The rights `granted` gives that `holder` lacks, each as «resource: action»; none when the holder has them all. */
export const rightsBeyond = (holder: Permissions, granted: Permissions): string[] =>
  Object.entries(granted).flatMap(([resource, actions]) =>
    actions.filter((action) => !may(holder, resource, action)).map((action) => `${resource}: ${action}`),
  );
