import { useCallback, useMemo } from 'react';
import { useAuthProvider } from 'react-admin';
import type { AdminAuthProvider } from '../../authProvider/index.js';
import { createApiClient, unwrap } from '../../dataProvider/apiClient.js';
import type { HttpClient } from '../../dataProvider/httpClient.js';
import { removePending } from './pendingDrafts.js';

/** Whose form a kept version belongs to: the user, the resource and the record (`new` for the create form). */
export interface DraftTarget {
  userId: string;
  resource: string;
  recordKey: string;
  /** The record's version the form started from; null on a create form. */
  version: number | null;
}

/** A form's unsaved values, kept on the server or, while it cannot be reached, in this browser. */
export interface KeptVersion {
  values: Record<string, unknown>;
  version: number | null;
  /** ISO moment it was kept. */
  saved_at: string;
}

const pathOf = (target: Pick<DraftTarget, 'resource' | 'recordKey'>) =>
  `/api/admin/form-drafts/${encodeURIComponent(target.resource)}/${encodeURIComponent(target.recordKey)}`;

/** The kept-versions calls of docs/admin-api.md over the admin API's client. */
export function createDraftsApi(http: HttpClient) {
  return {
    read: async (target: DraftTarget) => unwrap<KeptVersion | null>((await http.get(pathOf(target))).data),
    keep: async (target: Pick<DraftTarget, 'resource' | 'recordKey'>, kept: Pick<KeptVersion, 'values' | 'version'>) =>
      unwrap<KeptVersion>((await http.put(pathOf(target), { values: kept.values, version: kept.version })).data),
    forget: async (target: DraftTarget) => {
      await http.request({ method: 'DELETE', url: pathOf(target) });
    },
  };
}

export type DraftsApi = ReturnType<typeof createDraftsApi>;

const hasSession = (provider: unknown): provider is AdminAuthProvider => typeof provider === 'object' && provider !== null && 'session' in provider;

/** The kept-versions API with the session's Bearer token, and the signed-in user's id (null without a session). */
export function useDraftsApi(): { api: DraftsApi; userId: string | null } {
  const authProvider = useAuthProvider();
  return useMemo(() => {
    const session = hasSession(authProvider) ? authProvider.session : null;
    const http = createApiClient({ baseURL: session?.http.baseURL, transport: session?.http.transport, getToken: () => session?.validToken() });
    return { api: createDraftsApi(http), userId: session?.claims()?.sub ?? null };
  }, [authProvider]);
}

/**
 * Removes the signed-in user's kept version of a record's form, from the server and this browser (once the editor
 * settled a conflict, the values it kept are done with). Never fails: a version left behind is offered again.
 */
export function useForgetKeptVersion(): (resource: string, recordKey: string) => Promise<void> {
  const { api, userId } = useDraftsApi();
  return useCallback(
    async (resource: string, recordKey: string) => {
      if (!userId) return;
      const target = { userId, resource, recordKey, version: null };
      removePending(target);
      await api.forget(target).catch(() => undefined);
    },
    [api, userId],
  );
}
