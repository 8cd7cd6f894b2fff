import { useMemo } from 'react';
import { useRecordContext, useResourceContext } from 'react-admin';
import { useDraftsApi, type DraftTarget } from './draftsApi.js';
import { RecoveryNotice } from './RecoveryNotice.js';
import { useAutosave } from './useAutosave.js';

/**
 * Put inside a create or edit form: keeps its unsaved changes per user and record (`new` for the create form) and
 * offers them back when the form opens again.
 */
export const FormAutosave = () => {
  const resource = useResourceContext();
  const record = useRecordContext();
  const { api, userId } = useDraftsApi();
  const id: unknown = record?.id;
  const version: unknown = record?.version;
  const target = useMemo<DraftTarget | null>(
    () =>
      userId && resource
        ? { userId, resource, recordKey: id === undefined || id === null ? 'new' : String(id), version: typeof version === 'number' ? version : null }
        : null,
    [userId, resource, id, version],
  );
  const autosave = useAutosave(target, api);
  return target ? <RecoveryNotice target={target} api={api} autosave={autosave} /> : null;
};
