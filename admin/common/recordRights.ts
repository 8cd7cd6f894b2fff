import { useQuery } from '@tanstack/react-query';
import { useAuthProvider, type RaRecord } from 'react-admin';
import { resourceNamed } from '@lib/resources/index.js';
import { RIGHTS_RESOURCES, type Permissions } from '@lib/resources/rights.js';
import { knownPermissions, permissionsAllow, type AdminAuthProvider } from '../../authProvider/index.js';
import type { DraftInfo } from '../../dataProvider/index.js';
import { isLiveRecord } from '../drafts/values.js';

/**
 * Whether the signed-in account may change the stored record directly, not through a draft (remove it, remove its
 * image): not an author whose changes wait for someone who may publish, on a record visitors see (the server refuses it).
 */
export function mayChangeLive(resource: string, record: RaRecord | undefined): boolean {
  if ((record as DraftInfo | undefined)?.review_required !== true) return true;
  return !isLiveRecord(record, Boolean(resourceNamed(resource)?.fields.published));
}

/** Whether the signed-in account may delete the record (the buttons that cannot succeed are not offered). */
export const mayDelete = (resource: string, record: RaRecord | undefined, rights: Permissions): boolean =>
  permissionsAllow(rights, resource, 'delete') && mayChangeLive(resource, record);

/** The signed-in account's role, from its token (USER, MANAGER or a role a MANAGER added). */
export const useRole = (): string | undefined => useAuthProvider<AdminAuthProvider>()?.session.claims()?.role;

/**
 * What the signed-in account may do by resource: a built-in role's at once, a custom role's once the server has
 * answered (nothing until then, so that no button shows only to disappear).
 */
export function useRights(): Permissions {
  const authProvider = useAuthProvider<AdminAuthProvider>();
  const claims = authProvider?.session.claims();
  // Without an authProvider react-admin checks nothing, and neither does the admin (components rendered on their own).
  const known = authProvider ? knownPermissions(claims?.role) : knownPermissions('MANAGER');
  const { data } = useQuery({
    queryKey: ['admin-rights', claims?.sub, claims?.role],
    queryFn: () => authProvider?.rights() ?? Promise.resolve({}),
    enabled: known === undefined && claims !== null && claims !== undefined,
    staleTime: Infinity,
  });
  return known ?? data ?? {};
}

/** Whether the signed-in account may do an action (`read`, `edit`, `publish`, `delete`) on a resource. */
export const useMay = (resource: string, action: 'read' | 'edit' | 'publish' | 'delete'): boolean => permissionsAllow(useRights(), resource, action);

/**
 * Whether the signed-in account approves drafts of the resource (publishes them, returns them with a comment):
 * whoever may publish it, but a USER, whose drafts the review leaves to a MANAGER.
 */
export function useApproves(resource: string): boolean {
  const publishes = useMay(resource, 'publish');
  return useRole() !== 'USER' && publishes;
}

/** Whether the signed-in account approves the drafts of some resource (the dashboard's queue of drafts in review). */
export function useApprovesAny(): boolean {
  const rights = useRights();
  return useRole() !== 'USER' && RIGHTS_RESOURCES.some((resource) => resource.drafts && permissionsAllow(rights, resource.name, 'publish'));
}
