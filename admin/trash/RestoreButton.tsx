import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import { ConfirmButton } from '../buttons/ConfirmButton.js';
import { useRights } from '../common/recordRights.js';
import { permissionsAllow } from '../../authProvider/index.js';

/**
 * «Восстановить» on a row of the trash: after a confirmation, the record goes back under its own id; the trash and
 * the record's own lists are read again. Offered to whoever may delete (and so restore) the record's resource. A refusal (its address taken meanwhile) shows the server's message.
 */
export const RestoreButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const rights = useRights();
  if (!record || !permissionsAllow(rights, String(record.resource), 'delete')) return null;
  const title = String(record.title ?? '');
  const restore = async () => {
    try {
      await dataProvider.restoreFromTrash('trash', { resource: String(record.resource), recordId: Number(record.record_id) });
      await queryClient.invalidateQueries({ queryKey: ['trash'] });
      notify('app.trash.restored', { type: 'success', messageArgs: { title } });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };
  return (
    <ConfirmButton label="app.trash.restore" icon={<RestoreFromTrashIcon />} content={translate('app.trash.restore_confirm', { title })} onConfirm={restore} />
  );
};
