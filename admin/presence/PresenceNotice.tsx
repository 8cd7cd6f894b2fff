import { Alert, Stack } from '@mui/material';
import { useGetRecordId, useResourceContext, useTranslate } from 'react-admin';
import { sinceTime } from './sinceTime.js';
import { useOthersEditing } from './useOthersEditing.js';

/** Above the edit form: «Сейчас редактирует: Мария (с 14:05)» for each other staff member who has the record open. */
export const PresenceNotice = () => {
  const resource = useResourceContext() ?? '';
  const editors = useOthersEditing(resource, useGetRecordId());
  const translate = useTranslate();
  if (editors.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ px: 2, pt: 2 }} data-testid="presence-notice">
      {editors.map((editor) => (
        <Alert key={editor.user_id} severity="info">
          {translate('app.presence.editing', { name: editor.name, since: sinceTime(editor.since) })}
        </Alert>
      ))}
    </Stack>
  );
};
