import { z } from 'zod';
import { ACTIONS } from '../../lib/resources/rights.js';
import { TAGS } from '../http/openapi/document.js';
import { operation } from '../http/openapi/operation.js';
import { int } from '../http/openapi/shapes.js';

const permissions = z.record(z.string(), z.array(z.enum(ACTIONS))).meta({
  description:
    'The actions by resource (`news`, `investor-documents`, … and `settings`, `roles`, `backups`): `read` (lists, records, history, preview), `edit` (creates and changes; where the resource keeps drafts, a change of a published record without `publish` is saved as its draft), `publish` (publishes drafts, returns them with a comment: only where drafts are kept), `delete` (moves to the trash and restores from it). A resource not named is closed: absent from the menu and 403 on every route.',
});

export const roleRecord = z.object({
  id: int,
  name: z.string().meta({ description: "`USER`, `MANAGER`, or `[a-z][a-z0-9-]{1,40}`: what an account's `role` names." }),
  title: z.string(),
  builtin: z.boolean().meta({ description: "USER and MANAGER: their rights follow the resources' declarations; never changed nor removed." }),
  permissions,
});

const tag = TAGS.admin.name;

export const ROLE_DOCS = {
  list: operation({ summary: 'Roles with their rights', description: 'Every role, USER and MANAGER first.', tag, data: z.array(roleRecord) }),
  one: operation({ summary: 'A role with its rights', tag, data: roleRecord }),
  create: operation({
    summary: 'Add a role',
    description: 'An unknown resource or an action the resource does not offer is a 400 naming it; a name in use a 409.',
    tag,
    data: roleRecord,
    status: 201,
    errors: [409],
  }),
  update: operation({
    summary: "Change a role's title and rights",
    description: 'USER and MANAGER are not changed (409).',
    tag,
    data: roleRecord,
    errors: [409],
  }),
  remove: operation({
    summary: 'Remove a role',
    description: 'Refused (409) while any account has it, and for USER and MANAGER.',
    tag,
    data: roleRecord,
    errors: [409],
  }),
};
