import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, usePermissions } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import { ConfirmButton } from '../buttons/ConfirmButton.js';

/** «Очистить корзину» (MANAGER only): after a confirmation, every entry is deleted for good with its files. */
export const EmptyTrashButton = () => {
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  if (permissions !== 'MANAGER') return null;
  const empty = async () => {
    try {
      const { data } = await dataProvider.emptyTrash('trash', {});
      await queryClient.invalidateQueries({ queryKey: ['trash'] });
      notify('app.trash.emptied', { type: 'success', messageArgs: { smart_count: data.purged } });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };
  return (
    <ConfirmButton
      label="app.trash.empty"
      icon={<DeleteForeverIcon />}
      color="error"
      content="app.trash.empty_confirm"
      confirm="app.trash.empty"
      confirmColor="warning"
      onConfirm={empty}
    />
  );
};
