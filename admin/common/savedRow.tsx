import { useEffect, useRef } from 'react';
import { useRecordContext, useResourceContext, type Identifier } from 'react-admin';

/** The class of the list row of the record just saved: the theme shows it highlighted for a moment. */
export const SAVED_ROW_CLASS = 'saved-row';

/** Per resource, the record whose save just took the editor back to the list. */
const justSaved = new Map<string, Identifier>();

/** Notes the record an edit screen has saved, for its row in the list that opens next. */
export function noteSavedRecord(resource: string, id: Identifier): void {
  justSaved.set(resource, id);
}

/**
 * Put in every list row: the row of the record just saved scrolls into view (the list would otherwise keep its old
 * scroll position, with the row off screen) and takes `SAVED_ROW_CLASS`. Its scroll waits a frame, after the scroll to
 * the top that every change of screen makes.
 */
export const SavedRowMark = () => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const marker = useRef<HTMLSpanElement>(null);
  const id = record?.id;
  useEffect(() => {
    if (id === undefined || justSaved.get(resource) !== id) return;
    const frame = requestAnimationFrame(() => {
      justSaved.delete(resource);
      const row = marker.current?.closest('tr, li');
      if (!row) return;
      row.classList.add(SAVED_ROW_CLASS);
      row.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [id, resource]);
  return <span ref={marker} hidden />;
};
