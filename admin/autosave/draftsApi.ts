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

/** The signed-in user's own work for the dashboard (`GET /api/admin/my-work`): kept form versions and recent edits. */
export interface MyWork {
  drafts: { resource: string; record_key: string; title: string; saved_at: string }[];
  edits: { resource: string; record_id: string; action: string; title: string | null; created_at: string }[];
}

const pathOf = (target: Pick<DraftTarget, 'resource' | 'recordKey'>) =>
  `/api/admin/form-drafts/${encodeURIComponent(target.resource)}/${encodeURIComponent(target.recordKey)}`;

/**
 * The most a request that outlives its page may carry: browsers refuse a keepalive body over 64 KiB (all such requests
 * of the page together), so a larger version stays in this browser instead.
 */
const KEEPALIVE_MAX_BYTES = 60_000;

/**
 * The kept-versions calls of docs/admin-api.md over the admin API's client; `token` is the access token as it is now,
 * for the one call made while the page goes away, when there is no time to renew it.
 */
export function createDraftsApi(http: HttpClient, token: () => string | undefined = () => undefined) {
  return {
    read: async (target: DraftTarget) => unwrap<KeptVersion | null>((await http.get(pathOf(target))).data),
    keep: async (target: Pick<DraftTarget, 'resource' | 'recordKey'>, kept: Pick<KeptVersion, 'values' | 'version'>) =>
      unwrap<KeptVersion>((await http.put(pathOf(target), { values: kept.values, version: kept.version })).data),
    /**
     * Sends a version as the page goes away (closed, reloaded, another address): a request the browser finishes after
     * the page is gone. Answers false when it could not be sent so (too large, or refused at once).
     */
    keepOnLeave: (target: Pick<DraftTarget, 'resource' | 'recordKey'>, kept: Pick<KeptVersion, 'values' | 'version'>): boolean => {
      const body = JSON.stringify({ values: kept.values, version: kept.version });
      if (new TextEncoder().encode(body).length > KEEPALIVE_MAX_BYTES) return false;
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      const bearer = token();
      if (bearer) headers.Authorization = `Bearer ${bearer}`;
      try {
        void fetch(`${http.baseURL}${pathOf(target)}`, { method: 'PUT', headers, body, keepalive: true }).catch(() => undefined);
        return true;
      } catch {
        return false;
      }
    },
    mine: async () => unwrap<MyWork>((await http.get('/api/admin/my-work')).data),
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
    return { api: createDraftsApi(http, () => session?.token()), userId: session?.claims()?.sub ?? null };
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
