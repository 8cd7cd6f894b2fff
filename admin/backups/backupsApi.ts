import { useMemo } from 'react';
import { HttpError, useAuthProvider } from 'react-admin';
import type { AdminAuthProvider } from '../../authProvider/index.js';
import { createApiClient, unwrap } from '../../dataProvider/apiClient.js';

/** A scheduled backup's outcome as `GET /api/admin/backups` answers it. */
export interface BackupRun {
  started_at: string;
  finished_at: string;
  archive: string | null;
  size: number | null;
  error: string | null;
}

export interface BackupsOverview {
  schedule: string | null;
  keep: number;
  location: 'folder' | 'bucket';
  encrypted: boolean;
  last_success: BackupRun | null;
  last_failure: BackupRun | null;
  archives: { name: string; size: number; created_at: string }[];
  /** Why this process cannot read the archives (an unreadable folder or bucket), in words; null when it can. */
  archives_error: string | null;
  running: RunningBackup | null;
}

/** A backup made on request, while it is being made: how far it got. */
export interface RunningBackup {
  archive: string;
  started_at: string;
  by: string;
  rows: number;
  files: number;
  bytes: number;
}

/** The react-query key of the overview; «Создать копию сейчас» puts the run it started there. */
export const BACKUPS_QUERY_KEY = ['admin-backups'] as const;

const hasSession = (provider: unknown): provider is AdminAuthProvider => typeof provider === 'object' && provider !== null && 'session' in provider;

/**
 * The backups screen's calls. The download is binary, so it goes through `fetch` (the admin's client reads text),
 * with the session's Bearer token; a refusal comes back as the admin's HttpError with the server's message and fields.
 */
export function useBackupsApi() {
  const authProvider = useAuthProvider();
  return useMemo(() => {
    const session = hasSession(authProvider) ? authProvider.session : null;
    const http = createApiClient({ baseURL: session?.http.baseURL, transport: session?.http.transport, getToken: () => session?.validToken() });
    return {
      overview: async () => unwrap<BackupsOverview>((await http.get('/api/admin/backups')).data),
      runNow: async () => unwrap<RunningBackup>((await http.post('/api/admin/backups/run', {})).data),
      download: async (name: string, password: string): Promise<Blob> => {
        const token = await session?.validToken();
        const response = await fetch(`${session?.http.baseURL ?? ''}/api/admin/backups/download`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ name, password }),
        });
        if (!response.ok) {
          const body = (await response.json().catch(() => ({}))) as { message?: string };
          throw new HttpError(body.message ?? response.statusText, response.status, body);
        }
        return response.blob();
      },
    };
  }, [authProvider]);
}
