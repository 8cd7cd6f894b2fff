import { useEffect, useRef } from 'react';
import { useFormIsDirty } from 'react-admin';

/**
 * Ctrl+S (Cmd+S on a Mac) saves the form it is put in instead of the browser's «save page», whatever has the
 * focus; with nothing to save it does nothing. The key is matched by its place, so it works in any keyboard layout.
 */
export const SaveShortcut = () => {
  const anchor = useRef<HTMLSpanElement>(null);
  const dirty = useFormIsDirty();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.code !== 'KeyS') return;
      event.preventDefault();
      if (dirty) anchor.current?.closest('form')?.requestSubmit();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [dirty]);
  return <span ref={anchor} hidden />;
};
