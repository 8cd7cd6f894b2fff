import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuthProvider, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import type { AdminAuthProvider } from '../../authProvider/index.js';
import { ACCOUNT_QUERY_KEY, messageOf, useAccountApi, type Account } from './accountApi.js';

/** The signed-in account, shared by the profile screen and the enrolment gate. */
export function useAccount() {
  const api = useAccountApi();
  const authProvider = useAuthProvider();
  // Without a session there is no account to ask about (the login screen or the redirect to it shows). With an
  // expired token the screen's own read ends the session ("Сессия истекла."); the account waits for a fresh one.
  const session = (authProvider as AdminAuthProvider | undefined)?.session;
  const signedIn = Boolean(session?.token()) && !session?.isExpired();
  return useQuery<Account>({ queryKey: ACCOUNT_QUERY_KEY, queryFn: () => api.get(), staleTime: 30_000, retry: false, enabled: signedIn });
}

/**
 * What a profile action does after the server answered: the account is read again, the identity too (the server
 * may have issued fresh cookies), and the next silent refresh is planned for the new token.
 */
export function useAccountChanged() {
  const queryClient = useQueryClient();
  const authProvider = useAuthProvider();
  return useCallback(async () => {
    const session = (authProvider as AdminAuthProvider | undefined)?.session;
    if (session && 'schedule' in session) session.schedule();
    await queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
  }, [authProvider, queryClient]);
}

/** Reports a failed profile call: an expired session ends as everywhere else; other errors become a toast. */
export function useReportError() {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    async (error: unknown) => {
      if (await logoutIfAccessDenied(error)) return;
      notify(messageOf(error), { type: 'error' });
    },
    [logoutIfAccessDenied, notify],
  );
}
