import SaveAsIcon from '@mui/icons-material/SaveAs';
import { useQueryClient } from '@tanstack/react-query';
import { SaveButton, useNotify, useRecordContext, useRedirect, useResourceContext, type RaRecord } from 'react-admin';
import { replaceRecordInCache } from '../cache.js';

/**
 * What a save that stays on the form does once the server has answered: the edit form then shows the server's answer
 * (with its new version, so the next save is not taken for a conflict); a new record opens in its edit screen.
 */
export const useStayAfterSave = (): ((data: RaRecord) => void) => {
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const resource = useResourceContext() ?? '';
  const record = useRecordContext();
  const creating = record?.id === undefined || record.id === null;
  return (data) => {
    notify(creating ? 'ra.notification.created' : 'ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
    // The save's own cache update misses the edit screen's record (the save carries the upload progress as its
    // meta, the read none), so the answer is put there by hand.
    if (creating) redirect('edit', resource, data.id);
    else replaceRecordInCache(queryClient, resource, data);
  };
};

/** «Сохранить и продолжить»: saves and stays on the form. */
export const SaveAndContinueButton = () => {
  const onSuccess = useStayAfterSave();
  return <SaveButton type="button" variant="outlined" label="app.action.save_and_continue" icon={<SaveAsIcon />} mutationOptions={{ onSuccess }} />;
};
