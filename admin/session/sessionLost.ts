import { useSyncExternalStore } from 'react';
import type { AdminAuthProvider } from '../../authProvider/index.js';
import { isFormUnsaved } from '../common/unsavedForm.js';

/**
 * Whether the session ended while an editor had unsaved changes on screen (signed out in another tab, a password or
 * role change, a deactivation, an expired session). The admin then stays where it is and asks the editor to sign in
 * again over the form, instead of going to the login screen and dropping what was typed.
 */
let lost = false;
const listeners = new Set<() => void>();

function setLost(value: boolean): void {
  if (value === lost) return;
  lost = value;
  for (const listener of listeners) listener();
}

export const endSessionLost = (): void => setLost(false);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSessionLost = (): boolean => useSyncExternalStore(subscribe, () => lost);

/**
 * The authProvider whose error check keeps the screen when the session ends with unsaved changes on it: the 401
 * opens the sign-in dialog (and the form's values stay, kept in the browser by autosave meanwhile); without unsaved
 * changes a 401 goes to the login screen as before.
 */
export function keepFormWhenSessionEnds(authProvider: AdminAuthProvider): AdminAuthProvider {
  return {
    ...authProvider,
    async checkError(error: unknown) {
      try {
        await authProvider.checkError(error);
      } catch (rejection) {
        if (!lost && !isFormUnsaved()) throw rejection;
        setLost(true);
      }
    },
  };
}
