import DeleteSweepIcon from '@mui/icons-material/HideImage';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, useDataProvider, useNotify, useRecordContext, useResourceContext, type RaRecord } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import { replaceRecordInCache } from '../cache.js';
import { mayChangeLive } from '../common/recordRights.js';

/**
 * Removes the record's image on the server (`remove-img/{id}`, or a plain REST resource's `PUT` sending it as null)
 * and puts the server's answer in place of the record, so the form and the lists show what the server now holds.
 * Not offered to an author under review on a live record: the image goes with the draft's changes instead.
 */
export const RemoveImageButton = () => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const mutation = useMutation<{ data: RaRecord }, Error, RaRecord['id']>({
    mutationFn: (id) => dataProvider.removeImage(resource ?? '', { id }),
    onSuccess: ({ data }) => {
      replaceRecordInCache(queryClient, resource ?? '', data);
      notify('app.notification.image_removed', { type: 'info' });
    },
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  if (!record || !resource || !mayChangeLive(resource, record)) return null;
  return (
    <Button label="app.action.remove_image" color="error" disabled={mutation.isPending} onClick={() => mutation.mutate(record.id)}>
      <DeleteSweepIcon />
    </Button>
  );
};
