import { useEffect } from 'react';
import { setSubmissionErrors, useFormIsDirty, useSaveContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useStayAfterSave } from '../buttons/SaveAndContinueButton.js';

/**
 * Ctrl+S (Cmd+S on a Mac) saves the form it is put in instead of the browser's «save page», whatever has the
 * focus, and stays on it as «Сохранить и продолжить» does; with nothing to save it does nothing. The key is matched by
 * its place, so it works in any keyboard layout.
 */
export const SaveShortcut = () => {
  const dirty = useFormIsDirty();
  const form = useFormContext();
  const { save } = useSaveContext();
  const onSuccess = useStayAfterSave();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.code !== 'KeyS') return;
      event.preventDefault();
      if (!dirty || !save) return;
      void form.handleSubmit(async (values) => {
        const errors = await save(values, { onSuccess });
        if (errors != null) setSubmissionErrors(errors, form.setError);
      })();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [dirty, form, save, onSuccess]);
  return null;
};
