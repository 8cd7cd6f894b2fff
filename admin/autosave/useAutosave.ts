import { useCallback, useEffect, useRef } from 'react';
import { HttpError, useFormIsDirty, useRegisterMutationMiddleware, type CreateParams, type UpdateParams } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { DraftsApi, DraftTarget, KeptVersion } from './draftsApi.js';
import { editableFieldsOf, keepableValues } from './keptValues.js';
import { allPending, removePending, savePending } from './pendingDrafts.js';

/** How long after the last change the form's values are kept: long enough not to send every keystroke. */
export const AUTOSAVE_DELAY_MS = 3_000;
/** How often versions kept in the browser are offered to the server again while a form is open. */
const RETRY_EVERY_MS = 30_000;

/**
 * No answer at all, a server error, or a session that has ended (401, until the editor signs in again): the server
 * cannot take the version now, the browser keeps it meanwhile.
 */
const unreachable = (error: unknown) => !(error instanceof HttpError) || error.status === 0 || error.status === 401 || error.status >= 500;

type SaveParams = Partial<CreateParams & UpdateParams>;
type Save = (resource: string, params: SaveParams) => Promise<unknown>;

export interface Autosave {
  /** Bases the next save on the record version restored values started from, when it is older than the form's. */
  baseOn: (version: number) => void;
  /** Removes the kept version (after a save, or when the editor discards it). */
  forget: () => void;
}

/**
 * Keeps the form's values while it has unsaved changes: a few seconds after the last change, on the server, or in
 * the browser until the server can be reached again. A successful save removes the kept version; a failed one
 * keeps the values at once.
 */
export function useAutosave(target: DraftTarget | null, api: DraftsApi): Autosave {
  const { control, getValues, getFieldState } = useFormContext();
  const values = useWatch({ control });
  const dirty = useFormIsDirty();
  const queue = useRef<Promise<void>>(Promise.resolve());
  const saving = useRef(false);
  const basedOn = useRef<number | null>(null);
  // Whether the form holds changes made since its values were last kept (the few seconds autosave waits).
  const unkept = useRef(false);

  // One call after another, so a removal never overtakes the keeping it follows.
  const enqueue = useCallback((task: () => Promise<void>) => {
    queue.current = queue.current.then(task).catch(() => undefined);
  }, []);

  const keep = useCallback(
    (kept: KeptVersion) => {
      if (!target) return;
      enqueue(async () => {
        try {
          await api.keep(target, kept);
          removePending(target);
        } catch (error) {
          if (unreachable(error)) savePending(target, kept);
        }
      });
    },
    [api, enqueue, target],
  );

  // The form's values with the fields the editor changed named, so that restoring them later touches only those.
  const keptValues = useCallback(() => {
    const edited = target ? editableFieldsOf(target.resource).filter((name) => getFieldState(name).isDirty) : [];
    return keepableValues(getValues(), edited);
  }, [getFieldState, getValues, target]);

  const keepNow = useCallback(() => {
    unkept.current = false;
    keep({ values: keptValues(), version: target?.version ?? null, saved_at: new Date().toISOString() });
  }, [keptValues, keep, target]);

  const forget = useCallback(() => {
    if (!target) return;
    unkept.current = false;
    removePending(target);
    enqueue(() => api.forget(target));
  }, [api, enqueue, target]);

  useEffect(() => {
    if (!target || !dirty || saving.current) return;
    unkept.current = true;
    const timer = window.setTimeout(keepNow, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [values, dirty, target, keepNow]);

  // Changes made just before the editor leaves are kept at once, not after the usual wait: on another screen of the
  // admin by the usual call, and as the page itself goes away (closed, reloaded, hidden) by a request that outlives it.
  useEffect(() => {
    if (!target) return;
    const leave = () => {
      if (!unkept.current || saving.current) return;
      unkept.current = false;
      const kept = { values: keptValues(), version: target.version, saved_at: new Date().toISOString() };
      if (!api.keepOnLeave(target, kept)) savePending(target, kept);
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      if (unkept.current && !saving.current) keepNow();
    };
  }, [api, keptValues, keepNow, target]);

  // Versions this browser kept while the server could not be reached go to it once it answers again.
  useEffect(() => {
    if (!target) return;
    const flush = () => {
      for (const pending of allPending(target.userId)) {
        const address = { userId: target.userId, resource: pending.resource, recordKey: pending.recordKey };
        enqueue(async () => {
          await api.keep(address, pending.kept);
          removePending(address);
        });
      }
    };
    flush();
    const timer = window.setInterval(flush, RETRY_EVERY_MS);
    window.addEventListener('online', flush);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', flush);
    };
  }, [api, enqueue, target]);

  const middleware = useCallback(
    async (resource: string, params: SaveParams, next: Save) => {
      saving.current = true;
      const version = basedOn.current;
      // Restored values that started from an older version are saved as based on it, so that a save over someone
      // else's newer version opens the conflict view instead of overwriting it.
      const based = version !== null && params.previousData ? { ...params, previousData: { ...params.previousData, version } } : params;
      try {
        const result = await next(resource, based);
        basedOn.current = null;
        forget();
        return result;
      } catch (error) {
        keepNow();
        throw error;
      } finally {
        saving.current = false;
      }
    },
    [forget, keepNow],
  );
  useRegisterMutationMiddleware(middleware);

  const baseOn = useCallback((version: number) => {
    basedOn.current = version;
  }, []);

  return { baseOn, forget };
}
