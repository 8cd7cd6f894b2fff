import SaveAsIcon from '@mui/icons-material/SaveAs';
import { SaveButton, useNotify, useRecordContext, useRedirect, useResourceContext, type RaRecord } from 'react-admin';

/**
 * «Сохранить и продолжить»: saves and stays on the form. The edit form then shows the server's answer (with its new
 * version, so the next save is not taken for a conflict); a new record opens in its edit screen.
 */
export const SaveAndContinueButton = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  const record = useRecordContext();
  const creating = record?.id === undefined || record.id === null;
  const onSuccess = (data: RaRecord) => {
    notify(creating ? 'ra.notification.created' : 'ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
    if (creating) redirect('edit', resource, data.id);
  };
  return <SaveButton type="button" variant="outlined" label="app.action.save_and_continue" icon={<SaveAsIcon />} mutationOptions={{ onSuccess }} />;
};
