import { useCanAccess, useGetList } from 'react-admin';

/** The newest new enquiries: one read shared by the menu's count and the dashboard's card (the same query). */
const NEW_ENQUIRIES = { filter: { status: 'new' }, pagination: { page: 1, perPage: 5 }, sort: { field: 'created_at', order: 'DESC' as const } };

/** The new enquiries (the newest five, and `total`), for a role that may read them; nothing asked otherwise. */
export function useNewEnquiries() {
  const { canAccess } = useCanAccess({ resource: 'enquiries', action: 'list' });
  return { ...useGetList('enquiries', NEW_ENQUIRIES, { enabled: canAccess === true }), canAccess: canAccess === true };
}
