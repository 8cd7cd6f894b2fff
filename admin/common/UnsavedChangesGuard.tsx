import { useEffect, useRef } from 'react';
import { useBlocker, useTranslate, type RouterBlocker } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { setFormUnsaved } from './unsavedForm.js';

/**
 * Put inside a form: leaving it with unsaved changes asks first, every time the editor tries. Staying keeps the form
 * as it is; leaving drops the changes. Reloading or closing the tab asks through the browser's own question.
 *
 * It replaces react-admin's `warnWhenUnsavedChanges`, which asks only when the router's blocker turns from unblocked to
 * blocked. The router hands those changes to React as transitions, so when the editor stays and tries to leave again
 * before the screen has caught up with that answer, React shows both at once: the blocker looks blocked all along,
 * react-admin never asks, and the router keeps every later navigation blocked, so no menu entry works any more. Here
 * each blocked navigation is answered once, whatever the screen showed before it.
 */
export const UnsavedChangesGuard = () => {
  const translate = useTranslate();
  const { isSubmitSuccessful, dirtyFields } = useFormState();
  // A successful save leaves nothing unsaved, even before the form has taken the saved values.
  const unsaved = Object.keys(dirtyFields).length > 0 && !isSubmitSuccessful;

  // A change of the address's query or hash keeps the editor on the form.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && nextLocation.pathname !== currentLocation.pathname);
  const answered = useRef<RouterBlocker | null>(null);

  useEffect(() => {
    if (blocker.state !== 'blocked' || answered.current === blocker) return;
    answered.current = blocker;
    // A save or a removal navigates away in the same moment it ends the unsaved changes: that navigation just goes.
    if (!unsaved || window.confirm(translate('ra.message.unsaved_changes'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, unsaved, translate]);

  useEffect(() => {
    setFormUnsaved(unsaved);
    return () => setFormUnsaved(false);
  }, [unsaved]);

  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  return null;
};
