import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';
import { twoFactorRequired } from './settings.js';
import { TWO_FACTOR_MESSAGES } from './twoFactor.js';

/**
 * What a signed-in account without two-factor sign-in may still reach while a MANAGER requires it: its own
 * profile and enrolment (`/api/admin/account…`) and who it is (`/api/admin/me`). Sign-out is outside
 * `/api/admin` and stays open.
 */
export function reachableWhileEnrolling(routeUrl: string | undefined): boolean {
  return routeUrl === '/api/admin/me' || routeUrl === '/api/admin/account' || (routeUrl?.startsWith('/api/admin/account/') ?? false);
}

/**
 * Refuses (403) an admin request of an account without two-factor sign-in when a MANAGER requires it, except the
 * routes it needs to enrol (known by the route that matched). Called by the admin API's guard once the account
 * was authenticated.
 */
export async function enforceEnrolment(request: FastifyRequest, twoFactor: 0 | 1): Promise<void> {
  if (twoFactor === 1 || reachableWhileEnrolling(request.routeOptions.url)) return;
  if (await twoFactorRequired(request.server.db)) throw new HttpError(403, TWO_FACTOR_MESSAGES.enrolmentRequired);
}
