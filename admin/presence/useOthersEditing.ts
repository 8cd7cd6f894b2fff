import { useEffect, useState } from 'react';
import { useDataProvider, type Identifier } from 'react-admin';
import { PRESENCE_HEARTBEAT_MS, type PresenceEditor } from '@lib/presence.js';
import type { AdminDataProvider } from '../../dataProvider/index.js';

/** A random id of this screen, so that one person's two tabs on a record are two screens. */
function newTabId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * While the edit screen of a record is shown in a visible tab, announces it every few seconds and answers the
 * other staff members who have the record open. A hidden tab or a closed screen stops announcing and releases
 * the record at once (what a closed tab fails to release expires on the server). A failed announcement shows
 * nobody: presence only warns, it must never stand in the way of editing.
 */
export function useOthersEditing(resource: string, id: Identifier | undefined): PresenceEditor[] {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [editors, setEditors] = useState<PresenceEditor[]>([]);

  useEffect(() => {
    if (id === undefined || id === '') return undefined;
    const screen = { id, tab: newTabId() };
    let timer: ReturnType<typeof setInterval> | undefined;
    let announcing = false;
    let inFlight: Promise<unknown> = Promise.resolve();

    const show = (others: PresenceEditor[]) => {
      if (announcing) setEditors(others);
    };
    const announce = () => {
      // Any failure, even one thrown before a request (a provider without presence), only shows nobody.
      inFlight = Promise.resolve()
        .then(() => dataProvider.announcePresence(resource, screen))
        .then(
          ({ data }) => show(data),
          () => show([]),
        );
    };
    const start = () => {
      if (announcing) return;
      announcing = true;
      announce();
      timer = setInterval(announce, PRESENCE_HEARTBEAT_MS);
    };
    const stop = () => {
      if (!announcing) return;
      announcing = false;
      clearInterval(timer);
      setEditors([]);
      // After the announcement in flight, so that the release is the last word.
      void inFlight.then(() => dataProvider.leavePresence(resource, screen)).catch(() => undefined);
    };
    const followVisibility = () => (document.visibilityState === 'hidden' ? stop() : start());

    followVisibility();
    document.addEventListener('visibilitychange', followVisibility);
    return () => {
      document.removeEventListener('visibilitychange', followVisibility);
      stop();
    };
  }, [dataProvider, resource, id]);

  return editors;
}
