import { z } from 'zod';
import { ACTIONS, ROLE_NAME, rightsResourceNamed, type Action, type Permissions } from '../../lib/resources/rights.js';
import { CONTROL_CHARACTERS } from '../../lib/ids.js';

export const ROLE_MESSAGES = {
  name: 'Имя роли: латинские строчные буквы, цифры и дефис, от 2 до 41 символа, первая — буква.',
  title: 'Укажите название роли (до 200 символов).',
  builtin: 'Встроенные роли USER и MANAGER не изменяются и не удаляются.',
  taken: 'Роль с таким именем уже есть.',
  inUse: 'Роль назначена учётным записям: сначала назначьте им другую роль.',
  unknownRole: 'Такой роли нет.',
  unknownResource: (resource: string) => `Неизвестный раздел «${resource}».`,
  unknownAction: (resource: string, action: string) => `Раздел «${resource}»: действие «${action}» для него не предусмотрено.`,
} as const;

export const roleNameSchema = z.string({ error: ROLE_MESSAGES.name }).regex(ROLE_NAME, ROLE_MESSAGES.name);
export const roleTitleSchema = z
  .string({ error: ROLE_MESSAGES.title })
  .trim()
  .min(1, ROLE_MESSAGES.title)
  .max(200, ROLE_MESSAGES.title)
  .refine((title) => !CONTROL_CHARACTERS.test(title), ROLE_MESSAGES.title);

/**
 * A role's rights as sent: each named resource must be one the roles' grid has, and each action one that the
 * resource offers (publishing only where drafts are kept); an error names the first that is not. Actions come out
 * in the grid's order, without repeats, and a resource with none is left out.
 */
export const permissionsSchema = z.record(z.string(), z.array(z.string()).max(ACTIONS.length * 2)).transform((sent, context): Permissions => {
  const permissions: Record<string, Action[]> = {};
  for (const [name, actions] of Object.entries(sent)) {
    const resource = rightsResourceNamed(name);
    if (!resource) {
      context.addIssue({ code: 'custom', message: ROLE_MESSAGES.unknownResource(name), path: [name] });
      return z.NEVER;
    }
    const unknown = actions.find((action) => !(resource.actions as readonly string[]).includes(action));
    if (unknown !== undefined) {
      context.addIssue({ code: 'custom', message: ROLE_MESSAGES.unknownAction(name, unknown), path: [name] });
      return z.NEVER;
    }
    const kept = resource.actions.filter((action) => actions.includes(action));
    if (kept.length) permissions[name] = kept;
  }
  return permissions;
});

/** The rights kept in a role's row, whatever an old archive holds: resources and actions no longer offered are dropped. */
export function storedPermissions(json: string): Permissions {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return {};
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const permissions: Record<string, Action[]> = {};
  for (const [name, actions] of Object.entries(value)) {
    const resource = rightsResourceNamed(name);
    if (resource && Array.isArray(actions)) {
      const kept = resource.actions.filter((action) => actions.includes(action));
      if (kept.length) permissions[name] = kept;
    }
  }
  return permissions;
}
