import { Alert, Button, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { isUpload, resourceNamed } from '@lib/resources/index.js';
import { formatDateTime } from '../common/dateTime.js';
import type { DraftsApi, DraftTarget, KeptVersion } from './draftsApi.js';
import { valueAt } from '../translations/values.js';
import { changedFields, editableFieldsOf } from './keptValues.js';
import { readPending } from './pendingDrafts.js';
import type { Autosave } from './useAutosave.js';

/** The newest kept version of the form: the server's, or the one this browser kept while it was unreachable. */
async function newestKept(api: DraftsApi, target: DraftTarget): Promise<KeptVersion | null> {
  const local = readPending(target);
  const remote = await api.read(target).catch(() => null);
  if (!remote || !local) return remote ?? local;
  return local.saved_at > remote.saved_at ? local : remote;
}

const fieldsOf = (resource: string) => resourceNamed(resource)?.fields ?? {};

/**
 * Offers the unsaved changes kept for this form when they differ from what it shows: «Восстановить…» fills the form
 * with them (it is then unsaved again), «Отменить» removes them. Kept values equal to the form's are removed quietly.
 */
export const RecoveryNotice = ({ target, api, autosave }: { target: DraftTarget; api: DraftsApi; autosave: Autosave }) => {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const [kept, setKept] = useState<KeptVersion | null>(null);
  const { forget } = autosave;
  const fields = fieldsOf(target.resource);
  const editable = editableFieldsOf(target.resource);

  // Looked up once per form (user, resource, record); a save that bumps the version does not ask again.
  const { userId, resource, recordKey } = target;
  useEffect(() => {
    let current = true;
    void newestKept(api, { userId, resource, recordKey, version: null }).then((found) => {
      if (!current || !found) return;
      if (changedFields(editableFieldsOf(resource), found.values, getValues()).length === 0) forget();
      else setKept(found);
    });
    return () => {
      current = false;
    };
  }, [api, userId, resource, recordKey, getValues, forget]);

  if (!kept) return null;

  const restore = () => {
    for (const name of changedFields(editable, kept.values, getValues())) setValue(name, valueAt(kept.values, name), { shouldDirty: true });
    if (target.version !== null && kept.version !== null && kept.version !== target.version) autosave.baseOn(kept.version);
    setKept(null);
  };
  const discard = () => {
    forget();
    setKept(null);
  };

  return (
    <Alert severity="warning" role="status" sx={{ mb: 2, width: '100%' }}>
      {translate('app.autosave.kept_at', { at: formatDateTime(kept.saved_at) })}
      {Object.values(fields).some(isUpload) ? ` ${translate('app.autosave.files_not_kept')}` : ''}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" size="small" onClick={restore}>
          {translate('app.autosave.restore')}
        </Button>
        <Button size="small" onClick={discard}>
          {translate('app.autosave.discard')}
        </Button>
      </Stack>
    </Alert>
  );
};
