import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider/index.js';

/**
 * «Восстановить» on a row of the trash: after a confirmation, the record goes back under its own id; the trash and
 * the record's own lists are read again. A refusal (its address taken meanwhile) shows the server's message.
 */
export const RestoreButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const restore = useMutation({
    mutationFn: () => dataProvider.restoreFromTrash('trash', { resource: String(record?.resource), recordId: Number(record?.record_id) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['trash'] });
      notify('app.trash.restored', { type: 'success', messageArgs: { title: String(record?.title ?? '') } });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (!record) return null;
  return (
    <>
      <Button
        label="app.trash.restore"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <RestoreFromTrashIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={restore.isPending}
        title="app.trash.restore"
        content={translate('app.trash.restore_confirm', { title: String(record.title ?? '') })}
        onConfirm={() => restore.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
