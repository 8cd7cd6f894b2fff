/**
 * Who may call an operation: the admin API takes the access token from `Authorization: Bearer` only; the session
 * refresh takes the HttpOnly refresh cookie; everything else is public.
 */

export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token `POST /api/site/login` sets in the `access_token` cookie.' },
  refreshCookie: { type: 'apiKey', in: 'cookie', name: 'refresh_token', description: 'The HttpOnly refresh token of the session.' },
} as const;

export type Security = keyof typeof SECURITY_SCHEMES | 'none';

/** The security an operation declares, or the default of its address: a token for `/api/admin/*`, none elsewhere. */
export function securityOf(url: string, declared?: Security): Security {
  return declared ?? (url === '/api/admin' || url.startsWith('/api/admin/') ? 'bearer' : 'none');
}

/** The OpenAPI `security` of an operation: `[]` says explicitly that it is public. */
export const securityRequirement = (security: Security): Record<string, string[]>[] => (security === 'none' ? [] : [{ [security]: [] }]);
