import type { FastifyRequest } from 'fastify';
import { rightsBeyond, type Permissions } from '../../lib/resources/rights.js';
import { UNAUTHORIZED_MESSAGE } from '../auth/guard.js';
import { HttpError } from '../http/errors.js';

/** How many of the missing rights a refusal names; the rest are counted. */
const NAMED_RIGHTS = 5;

export const escalationMessage = (missing: readonly string[]): string => {
  const named = missing.slice(0, NAMED_RIGHTS).join(', ');
  const more = missing.length > NAMED_RIGHTS ? ` и ещё ${missing.length - NAMED_RIGHTS}` : '';
  return `Нельзя дать или изменить права, которых нет у вас самих: ${named}${more}.`;
};

/**
 * Refuses (403) a change of accounts or roles that would reach beyond the rights of the one who makes it: a role
 * given the right to keep accounts or roles could otherwise give itself, or an account it controls, every right —
 * MANAGER included — or take over an account with more rights by changing its password. So a role may give, change
 * and take away only rights it has itself (`rights`: what the change gives, or what the changed account or role holds
 * now). The built-in MANAGER has every right.
 */
export function requireWithinOwnRights(request: FastifyRequest, rights: Permissions): void {
  const actor = request.user;
  if (!actor) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  if (actor.role === 'MANAGER') return;
  const missing = rightsBeyond(actor.permissions, rights);
  if (missing.length) throw new HttpError(403, escalationMessage(missing));
}
