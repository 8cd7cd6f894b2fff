import { useGetList, useTranslate } from 'react-admin';
import { choicesOf, type Choice } from '../common/choices.js';
import { useMay } from '../common/recordRights.js';

/**
 * The roles an account may be given, by title: the built-in USER and MANAGER and the roles a MANAGER added (as
 * «Роли» lists them). Without the right to read the roles, the built-in two.
 */
export function useRoleChoices(): Choice[] {
  const translate = useTranslate();
  const readsRoles = useMay('roles', 'read');
  const { data } = useGetList('roles', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' } }, { enabled: readsRoles });
  if (!data) return choicesOf('users', 'role').map((choice) => ({ id: choice.id, name: translate(choice.name) }));
  return data.map((role) => ({ id: String(role.name), name: String(role.title) }));
}

/** A role's title, by its name (the name itself for a role no longer listed). */
export function useRoleTitle(): (name: string) => string {
  const choices = useRoleChoices();
  return (name) => choices.find((choice) => choice.id === name)?.name ?? name;
}
