import { QueryClient } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import { createAuthProvider, permissionsAllow, type AdminAuthProvider, type CookieStore } from '../authProvider/index.js';
import type { Permissions } from '@lib/resources/rights.js';
import type { Transport } from '../dataProvider/httpClient.js';
import { createAdminDataProvider, type AdminDataProvider } from '../dataProvider/index.js';
import { refetchAfterChange } from './cache.js';
import { keepFormWhenSessionEnds } from './session/sessionLost.js';

export interface AdminProviders {
  authProvider: AdminAuthProvider;
  dataProvider: AdminDataProvider;
  queryClient: QueryClient;
}

export interface ProvidersOptions {
  /** Origin of the API; the page's own by default. */
  baseURL?: string;
  /** Transport and cookie store replacements, for tests. */
  transport?: Transport;
  cookies?: CookieStore;
  /** The authProvider the login screen already made; a new one otherwise. */
  authProvider?: AdminAuthProvider;
}

/**
 * Wires the providers together: the dataProvider sends the session's (silently refreshed) token, and every write
 * refetches the lists and summaries it changes (admin/cache.ts).
 */
export function createProviders(options: ProvidersOptions = {}): AdminProviders {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } },
  });
  const authProvider = keepFormWhenSessionEnds(
    options.authProvider ?? createAuthProvider({ baseURL: options.baseURL, transport: options.transport, cookies: options.cookies }),
  );
  const dataProvider = guardByRole(
    createAdminDataProvider({
      baseURL: options.baseURL,
      transport: options.transport,
      getToken: () => authProvider.session.validToken(),
      onChange: (event) => {
        void refetchAfterChange(queryClient, event);
      },
    }),
    () => (authProvider.session.claims() ? authProvider.rights() : undefined),
  );
  return { authProvider, dataProvider, queryClient };
}

/** The server's answer to a role it refuses (docs/admin-api.md). */
const FORBIDDEN_MESSAGE = 'Недостаточно прав.';
const LOGIN_REQUIRED_MESSAGE = 'Требуется авторизация.';

/**
 * Refuses, without a request, every call without a session and every call on a resource the signed-in account may
 * not read (a USER on MANAGER resources): react-admin may start a list's read while it is still asking checkAuth and
 * canAccess. The server refuses them too; this only keeps such requests off the wire. `rights` is undefined without
 * a session.
 */
export function guardByRole(dataProvider: AdminDataProvider, rights: () => Promise<Permissions> | undefined): AdminDataProvider {
  return new Proxy(dataProvider, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return async (resource: unknown, ...rest: unknown[]) => {
        if (typeof resource === 'string') {
          const current = rights();
          if (current === undefined) throw new HttpError(LOGIN_REQUIRED_MESSAGE, 401, { message: LOGIN_REQUIRED_MESSAGE });
          if (!permissionsAllow(await current, resource)) throw new HttpError(FORBIDDEN_MESSAGE, 403, { message: FORBIDDEN_MESSAGE });
        }
        return (value as (...args: unknown[]) => unknown).call(target, resource, ...rest);
      };
    },
  });
}
