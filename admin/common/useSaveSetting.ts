import { useState } from 'react';
import { useNotify } from 'react-admin';

/**
 * Saving one of «Настройки сайта»'s choices: whether a save is on its way (its button waits), then the notice that it
 * was saved, or the server's reason in Russian when it was not.
 */
export function useSaveSetting(savedMessage: string): { saving: boolean; save: (write: () => Promise<void>) => Promise<void> } {
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const save = async (write: () => Promise<void>) => {
    setSaving(true);
    try {
      await write();
      notify(savedMessage, { type: 'info' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
