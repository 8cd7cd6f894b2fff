import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { HttpError, useDataProvider, useNotify, useRedirect, type Identifier, type RaRecord, type UpdateParams } from 'react-admin';
import type { ErrorBody } from '../../dataProvider/apiClient.js';
import { isDraftMeta, type DraftMeta, type OverwriteMeta } from '../../dataProvider/index.js';
import { replaceRecordInCache } from '../cache.js';
import { lazyScreen } from '../common/lazyScreen.js';
import { isStaleVersion } from './stale.js';
import type { Conflict } from './merge.js';

/** The view's code (and its texts) loads with the first conflict: most edit screens never show it. */
const ConflictDialog = lazyScreen(async () => (await import('./ConflictDialog.js')).ConflictDialog);

function conflictOf(error: HttpError & { body: ErrorBody }, mine: RaRecord, base: RaRecord): Conflict {
  return { mine, base, savedBy: error.body.saved?.by ?? null, savedAt: error.body.saved?.at ?? null };
}

/**
 * The edit screen's answer to a save that came too late: the conflict view instead of an error toast. `onError`
 * goes into the edit screen's mutation options (other errors are notified as react-admin does: field errors stay on
 * the form); `view` is rendered beside the screen; `generation` changes when the editor takes the saved version, so
 * the screen mounts anew with it. `onResolved` is told once the editor has settled the conflict either way.
 */
export function useConflictView(
  resource: string,
  onResolved: (id: Identifier) => Promise<void> = async () => undefined,
): {
  onError: (error: unknown, variables: Partial<UpdateParams>) => void;
  view: ReactNode;
  generation: number;
} {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const redirect = useRedirect();
  // `asDraft`: the refused save was of the record's draft, so its resolution is saved as the draft again.
  const [state, setState] = useState<{ id: Identifier; conflict: Conflict; asDraft: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [leaving, setLeaving] = useState(false);

  // Back to the list once the screen shows the saved record: the form no longer holds unsaved values, so leaving
  // it does not ask.
  useEffect(() => {
    if (leaving) redirect('list', resource);
  }, [leaving, redirect, resource]);

  const notifyError = (error: unknown) => {
    const body = error instanceof HttpError ? (error.body as ErrorBody | undefined) : undefined;
    if (body?.errors && Object.keys(body.errors).length > 0) return;
    const message = error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
    notify(message, { type: 'error', messageArgs: { _: message } });
  };

  const onError = (error: unknown, variables: Partial<UpdateParams>) => {
    if (isStaleVersion(error) && variables.id !== undefined) {
      const asDraft = isDraftMeta(variables.meta);
      setState({ id: variables.id, conflict: conflictOf(error, variables.data as RaRecord, variables.previousData as RaRecord), asDraft });
    } else {
      notifyError(error);
    }
  };

  const save = async (id: Identifier, values: RaRecord, saved: RaRecord, overwrite: boolean, asDraft: boolean) => {
    setSaving(true);
    try {
      const meta: Partial<OverwriteMeta & DraftMeta> = { ...(overwrite ? { overwrite: true } : {}), ...(asDraft ? { draft: true } : {}) };
      const { data } = await dataProvider.update(resource, { id, data: values, previousData: saved, meta });
      await onResolved(id);
      notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
      showSaved(data);
      setLeaving(true);
    } catch (error) {
      if (isStaleVersion(error)) setState({ id, conflict: conflictOf(error, values, saved), asDraft });
      else notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  const showSaved = (saved: RaRecord) => {
    replaceRecordInCache(queryClient, resource, saved);
    setState(null);
    setGeneration((value) => value + 1);
  };

  const takeSaved = async (id: Identifier, saved: RaRecord) => {
    await onResolved(id);
    showSaved(saved);
  };

  const view = state ? (
    <ConflictDialog
      key={state.conflict.savedAt ?? ''}
      resource={resource}
      id={state.id}
      conflict={state.conflict}
      asDraft={state.asDraft}
      saving={saving}
      onSave={(values, saved, overwrite) => void save(state.id, values, saved, overwrite, state.asDraft)}
      onTakeSaved={(saved) => void takeSaved(state.id, saved)}
    />
  ) : null;
  return { onError, view, generation };
}
