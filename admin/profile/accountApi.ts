import { useMemo } from 'react';
import { HttpError, useAuthProvider } from 'react-admin';
import type { AdminAuthProvider } from '../../authProvider/index.js';
import { createApiClient, unwrap } from '../../dataProvider/apiClient.js';
import type { HttpClient } from '../../dataProvider/httpClient.js';

/** The signed-in account as `GET /api/admin/account` answers it (docs/admin-api.md). */
export interface Account {
  id: number;
  email: string;
  name: string;
  role: 'USER' | 'MANAGER';
  two_factor: 0 | 1;
  two_factor_required: 0 | 1;
  recovery_codes_left: number;
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  /** The QR code of `otpauthUrl` as an SVG `data:` URL. */
  qrCode: string;
}

export interface ProfileChanges {
  name?: string;
  email?: string;
  password?: string;
  /** Needed for a new e-mail or password only. */
  current_password?: string;
}

/** The react-query key of the account; the profile and the enrolment gate share it. */
export const ACCOUNT_QUERY_KEY = ['admin-account'] as const;

/** The profile, two-factor and security calls of docs/admin-api.md over the admin API's client. */
export function createAccountApi(http: HttpClient) {
  const read = async <T>(request: Promise<{ data: unknown }>): Promise<T> => unwrap<T>((await request).data);
  return {
    get: () => read<Account>(http.get('/api/admin/account')),
    update: (changes: ProfileChanges) => read<Account>(http.put('/api/admin/account', changes)),
    setup: () => read<TwoFactorSetup>(http.post('/api/admin/account/2fa/setup', {})),
    enable: (code: string) => read<{ recoveryCodes: string[] }>(http.post('/api/admin/account/2fa/enable', { code })),
    disable: (password: string) => read<Account>(http.post('/api/admin/account/2fa/disable', { password })),
    recoveryCodes: (password: string) => read<{ recoveryCodes: string[] }>(http.post('/api/admin/account/2fa/recovery-codes', { password })),
    resetUser: (id: number | string) => read<{ id: number; two_factor: 0 | 1 }>(http.post(`/api/admin/users/${id}/reset-2fa`, {})),
    security: () => read<{ require_two_factor: 0 | 1 }>(http.get('/api/admin/settings/security')),
    setSecurity: (required: boolean) => read<{ require_two_factor: 0 | 1 }>(http.put('/api/admin/settings/security', { require_two_factor: required ? 1 : 0 })),
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;

const hasSession = (provider: unknown): provider is AdminAuthProvider => typeof provider === 'object' && provider !== null && 'session' in provider;

/** The account API with the session's (silently refreshed) Bearer token. */
export function useAccountApi(): AccountApi {
  const authProvider = useAuthProvider();
  return useMemo(() => {
    const session = hasSession(authProvider) ? authProvider.session : null;
    const http = createApiClient({
      baseURL: session?.http.baseURL,
      transport: session?.http.transport,
      getToken: () => session?.validToken(),
    });
    return createAccountApi(http);
  }, [authProvider]);
}

/** The server's message for one field (`errors: { field: "…" }`), if the error names it. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const body: unknown = error.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const errors = (body as { errors?: unknown }).errors;
  if (typeof errors !== 'object' || errors === null) return undefined;
  const value = (errors as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
