import type { Identifier } from 'react-admin';
import type { PresenceEditor, RecordPresence } from '@lib/presence.js';
import { unwrap } from './apiClient.js';
import type { HttpClient } from './httpClient.js';
import { ADMIN_API } from './resources.js';

/** One open edit screen: the record, and the screen's own id (a tab). */
export interface PresenceParams {
  id: Identifier;
  tab: string;
}

/** Who else is editing a record (`/api/admin/presence`); warnings only, nothing is locked. */
export interface PresenceMethods {
  /** This screen has the record open; answers the other staff members who have it open too. */
  announcePresence(resource: string, params: PresenceParams): Promise<{ data: PresenceEditor[] }>;
  /** This screen was left. */
  leavePresence(resource: string, params: PresenceParams): Promise<{ data: null }>;
  /** The records of the resource others have open, for its list. */
  getPresence(resource: string, params: Record<string, never>): Promise<{ data: RecordPresence[] }>;
}

export function presenceMethods(http: HttpClient): PresenceMethods {
  const screenUrl = (resource: string, id: Identifier) => `${ADMIN_API}/presence/${encodeURIComponent(resource)}/${encodeURIComponent(String(id))}`;
  return {
    async announcePresence(resource, params) {
      const response = await http.post(screenUrl(resource, params.id), { tab: params.tab });
      return { data: unwrap<PresenceEditor[]>(response.data) };
    },
    async leavePresence(resource, params) {
      await http.request({ method: 'DELETE', url: `${screenUrl(resource, params.id)}?tab=${encodeURIComponent(params.tab)}` });
      return { data: null };
    },
    async getPresence(resource) {
      const response = await http.get(`${ADMIN_API}/presence/${encodeURIComponent(resource)}`);
      return { data: unwrap<RecordPresence[]>(response.data) };
    },
  };
}
