import { useSyncExternalStore } from 'react';

/**
 * Whether the edit form on screen holds unsaved changes, for the screen's parts outside the form (its toolbar's
 * preview). The form's guard tells it; only one form is edited at a time.
 */
let unsaved = false;
const listeners = new Set<() => void>();

export function setFormUnsaved(value: boolean): void {
  if (value === unsaved) return;
  unsaved = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useFormUnsaved = (): boolean => useSyncExternalStore(subscribe, () => unsaved);

/** The same, read outside React (the authProvider's error check). */
export const isFormUnsaved = (): boolean => unsaved;
