import { useEffect, useRef } from 'react';
import { useResourceContext, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { changedFields, editableFieldsOf } from '../autosave/keptValues.js';
import { valueAt } from '../translations/values.js';
import { useSavesInFlight } from './savesInFlight.js';

/**
 * Put inside a form, given the record the form shows: what the editor types while a save is on its way stays in the
 * form (and unsaved) when the server's answer replaces the record under it. Without it the form would be reset to
 * the answer, which holds only what was sent.
 *
 * The form resets itself in an effect of its own; this component's effect runs first (a child's effects run before
 * its parent's), notes what the fields hold, and puts the editor's later changes back once the reset is done.
 */
export const KeepTypingWhileSaving = ({ record }: { record: RaRecord | undefined }) => {
  const resource = useResourceContext() ?? '';
  const { getValues, setValue } = useFormContext();
  const savesRef = useSavesInFlight();
  const shown = useRef(record);

  useEffect(() => {
    if (record === shown.current) return;
    shown.current = record;
    const before = savesRef.current.sent;
    savesRef.current = { ...savesRef.current, sent: null };
    if (!before) return;
    const typed = structuredClone(getValues());
    const later = changedFields(editableFieldsOf(resource), typed, before);
    if (later.length === 0) return;
    const timer = setTimeout(() => {
      for (const name of later) setValue(name, valueAt(typed, name), { shouldDirty: true });
    });
    return () => clearTimeout(timer);
  }, [record, resource, getValues, setValue, savesRef]);

  return null;
};
