import { Button, SnackbarContent } from '@mui/material';
import { useCallback, useEffect } from 'react';
import { useCloseNotification, useNotify, useTranslate } from 'react-admin';

/** How long a notice with «Отменить» stays, so that the editor has time to read it and change their mind. */
const UNDO_NOTICE_MS = 8000;

/** The notice's content, inside react-admin's notification (which gives it the way to close). */
function UndoNotice({ message, undo, until }: { message: string; undo: () => void; until?: AbortSignal }) {
  const translate = useTranslate();
  const close = useCloseNotification();
  useEffect(() => {
    if (!until) return;
    if (until.aborted) close();
    until.addEventListener('abort', close);
    return () => until.removeEventListener('abort', close);
  }, [until, close]);
  const action = (
    <Button
      color="secondary"
      size="small"
      onClick={() => {
        close();
        undo();
      }}
    >
      {translate('ra.action.undo')}
    </Button>
  );
  return <SnackbarContent message={message} action={action} />;
}

/**
 * A notice with «Отменить» beside its text: `undo` runs when the editor clicks it while the notice is on screen.
 * `message` is a key of the admin's messages. With `until`, the notice closes (or never shows) once that signal is
 * aborted: a notice about a form goes away with the form.
 */
export function useNotifyUndo(): (message: string, undo: () => void, messageArgs?: Record<string, unknown>, until?: AbortSignal) => void {
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    (message, undo, messageArgs, until) =>
      notify(<UndoNotice message={translate(message, messageArgs)} undo={undo} until={until} />, { autoHideDuration: UNDO_NOTICE_MS }),
    [notify, translate],
  );
}
