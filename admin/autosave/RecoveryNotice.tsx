import { Alert, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { isUpload, resourceNamed } from '@lib/resources/index.js';
import { formatDateTime } from '../common/dateTime.js';
import type { DraftsApi, DraftTarget, KeptVersion } from './draftsApi.js';
import { comparedFieldLabel, valueAt } from '../translations/values.js';
import { editableFieldsOf, restorableFields } from './keptValues.js';
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

/** The kept values' title (or name), as the editor recognises the abandoned form by it; '' when there is none. */
function keptTitleOf(values: Record<string, unknown>): string {
  const title = ['title', 'name'].map((name) => values[name]).find((value) => typeof value === 'string' && value.trim() !== '');
  return typeof title === 'string' ? title.trim() : '';
}

/**
 * Offers the unsaved changes kept for this form when they differ from what it shows, saying when they were kept,
 * which fields they would fill and their title: «Восстановить…» fills the form with them (it is then unsaved again),
 * «Отменить» removes them. Only the fields the editor had changed are restored (others may have changed the rest
 * since), and fields the editor has already changed in this form are replaced only after asking.
 * Kept values equal to the form's are removed quietly.
 */
export const RecoveryNotice = ({ target, api, autosave }: { target: DraftTarget; api: DraftsApi; autosave: Autosave }) => {
  const translate = useTranslate();
  const { getValues, setValue, getFieldState } = useFormContext();
  const [kept, setKept] = useState<KeptVersion | null>(null);
  const [asking, setAsking] = useState<string[] | null>(null);
  const { forget } = autosave;
  const fields = fieldsOf(target.resource);
  const editable = editableFieldsOf(target.resource);

  // Looked up once per form (user, resource, record); a save that bumps the version does not ask again.
  const { userId, resource, recordKey } = target;
  useEffect(() => {
    let current = true;
    void newestKept(api, { userId, resource, recordKey, version: null }).then((found) => {
      if (!current || !found) return;
      if (restorableFields(editableFieldsOf(resource), found.values, getValues()).length === 0) forget();
      else setKept(found);
    });
    return () => {
      current = false;
    };
  }, [api, userId, resource, recordKey, getValues, forget]);

  if (!kept) return null;

  const labelOf = (name: string) => comparedFieldLabel(translate, resource, name);
  const listed = (names: readonly string[]) => names.map((name) => `«${labelOf(name)}»`).join(', ');
  const restored = restorableFields(editable, kept.values, getValues());
  const keptTitle = keptTitleOf(kept.values);
  const restoreNow = () => {
    for (const name of restorableFields(editable, kept.values, getValues())) setValue(name, valueAt(kept.values, name), { shouldDirty: true });
    if (target.version !== null && kept.version !== null && kept.version !== target.version) autosave.baseOn(kept.version);
    setAsking(null);
    setKept(null);
  };
  const restore = () => {
    const typed = restorableFields(editable, kept.values, getValues()).filter((name) => getFieldState(name).isDirty);
    if (typed.length > 0) setAsking(typed);
    else restoreNow();
  };
  const discard = () => {
    forget();
    setKept(null);
  };

  return (
    <Alert severity="warning" role="status" sx={{ mb: 2, width: '100%' }}>
      {translate('app.autosave.kept_at', { at: formatDateTime(kept.saved_at) })}
      {Object.values(fields).some(isUpload) ? ` ${translate('app.autosave.files_not_kept')}` : ''}
      <Typography variant="body2" data-testid="kept-what">
        {restored.length > 0 && translate('app.autosave.kept_what', { fields: listed(restored) })}
        {keptTitle && ` ${translate('app.autosave.kept_title', { title: keptTitle })}`}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" size="small" onClick={restore}>
          {translate('app.autosave.restore')}
        </Button>
        <Button size="small" onClick={discard}>
          {translate('app.autosave.discard')}
        </Button>
      </Stack>
      <Confirm
        isOpen={asking !== null}
        title="app.autosave.overwrite_title"
        content={translate('app.autosave.overwrite_content', { fields: listed(asking ?? []) })}
        confirm="app.autosave.overwrite_confirm"
        onConfirm={restoreNow}
        onClose={() => setAsking(null)}
      />
    </Alert>
  );
};
