import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, usePermissions } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider/index.js';

/** «Очистить корзину» (MANAGER only): after a confirmation, every entry is deleted for good with its files. */
export const EmptyTrashButton = () => {
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const empty = useMutation({
    mutationFn: () => dataProvider.emptyTrash('trash', {}),
    onSuccess: async ({ data }) => {
      await queryClient.invalidateQueries({ queryKey: ['trash'] });
      notify('app.trash.emptied', { type: 'success', messageArgs: { smart_count: data.purged } });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (permissions !== 'MANAGER') return null;
  return (
    <>
      <Button label="app.trash.empty" color="error" onClick={() => setOpen(true)}>
        <DeleteForeverIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={empty.isPending}
        title="app.trash.empty"
        content="app.trash.empty_confirm"
        confirm="app.trash.empty"
        confirmColor="warning"
        onConfirm={() => empty.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
