import { useCallback, useEffect, useRef } from 'react';
import { setSubmissionErrors, useFormIsDirty, useResourceContext, useSaveContext, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { resourceNamed } from '@lib/resources/index.js';
import { editableFieldsOf } from '../autosave/keptValues.js';
import { useStayAfterSave } from '../buttons/SaveAndContinueButton.js';
import { useSaveAsDraft } from '../buttons/SaveDraftButton.js';
import { savesGoToDraft } from '../drafts/values.js';
import { useSavesInFlight } from './savesInFlight.js';

/**
 * Ctrl+S (Cmd+S on a Mac) saves the form it is put in instead of the browser's «save page», whatever has the
 * focus, and stays on it as «Сохранить и продолжить» does; with nothing to save it does nothing. The key is matched by
 * its place, so it works in any keyboard layout. Pressed while a save is on its way, it saves again once the form
 * shows that save's answer (with its new version, so the second save is not taken for a conflict). Where the form's
 * saves go to the record's draft (it has one, or the user's changes wait for review), it saves the draft.
 *
 * Put it after `KeepTypingWhileSaving`: the second save must see what was typed meanwhile put back.
 */
export const SaveShortcut = ({ record }: { record: RaRecord | undefined }) => {
  const resource = useResourceContext() ?? '';
  const dirty = useFormIsDirty();
  const form = useFormContext();
  const { save } = useSaveContext();
  const stay = useStayAfterSave();
  const asDraft = useSaveAsDraft();
  const toDraft = savesGoToDraft(record, resourceNamed(resource)?.fields.published !== undefined);
  const savesRef = useSavesInFlight();
  const saveAgain = useRef(false);
  const shown = useRef(record);

  const saveNow = useCallback(() => {
    if (!save) return;
    void form.handleSubmit(async (values) => {
      const errors = await save(values, toDraft ? asDraft : { onSuccess: stay });
      if (errors != null) {
        saveAgain.current = false;
        setSubmissionErrors(errors, form.setError);
      }
    })();
  }, [form, save, toDraft, asDraft, stay]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.code !== 'KeyS') return;
      event.preventDefault();
      if (savesRef.current.count > 0) saveAgain.current = true;
      else if (dirty) saveNow();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [dirty, saveNow, savesRef]);

  // The latest `saveNow` (its save is based on the version the form shows now), for the save asked for meanwhile.
  const latestSaveNow = useRef(saveNow);
  useEffect(() => {
    latestSaveNow.current = saveNow;
  }, [saveNow]);

  useEffect(() => {
    if (record === shown.current) return;
    shown.current = record;
    if (!saveAgain.current) return;
    saveAgain.current = false;
    // After the form's own reset to the answer and after `KeepTypingWhileSaving` has put the later typing back.
    const timer = setTimeout(() => {
      if (editableFieldsOf(resource).some((name) => form.getFieldState(name).isDirty)) latestSaveNow.current();
    });
    return () => clearTimeout(timer);
  }, [record, form, resource]);

  return null;
};
