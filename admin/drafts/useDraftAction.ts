import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useResourceContext, type RaRecord } from 'react-admin';
import { replaceRecordInCache } from '../cache.js';
import { isStaleVersion } from '../conflicts/stale.js';

/** Who saved the record meanwhile, and when (ISO). */
export interface StaleSave {
  by: string;
  at: string;
}

/**
 * Runs one action on the record's draft (publish, discard, submit, return): the edit screen then shows the server's
 * answer (the form reloads the live record or the draft as it now stands), and a toast says what happened or why not.
 * `onStale` takes a refusal because the record changed meanwhile instead of the toast.
 */
export function useDraftAction(): {
  busy: boolean;
  run: (
    action: () => Promise<{ data: RaRecord }>,
    done: string,
    args?: Record<string, unknown>,
    onStale?: (saved: StaleSave | null) => void,
  ) => Promise<boolean>;
} {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const resource = useResourceContext() ?? '';
  const [busy, setBusy] = useState(false);
  const run = async (
    action: () => Promise<{ data: RaRecord }>,
    done: string,
    args: Record<string, unknown> = {},
    onStale?: (saved: StaleSave | null) => void,
  ) => {
    setBusy(true);
    try {
      const { data } = await action();
      replaceRecordInCache(queryClient, resource, data);
      notify(done, { type: 'info', messageArgs: args });
      return true;
    } catch (error) {
      if (onStale && isStaleVersion(error)) {
        onStale(error.body.saved ?? null);
        return false;
      }
      const message = error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
