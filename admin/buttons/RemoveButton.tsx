import type { SxProps, Theme } from '@mui/material';
import { BulkDeleteButton, DeleteButton, useListContext, useRecordContext, useRedirect, useResourceContext, useUnselect } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { resourceNamed } from '@lib/resources/index.js';
import { mayDelete, useRights } from '../common/recordRights.js';
import { useRemovedNotice } from './RemovedNotice.js';

/** Whether the list's resource keeps removed records in the trash (its confirmation then says so). */
const useKeepsTrash = (): boolean => Boolean(resourceNamed(useResourceContext() ?? '')?.trash);

/**
 * A record's remove button (a list row's, or the edit form's): pessimistic, after a confirmation that says where the
 * record goes; then «Удалено» with «Отменить» (`useRemovedNotice`) and the list. Not offered where the account may not
 * delete the record (without the right to delete the resource's records; an author under review, on a live record).
 */
export const RemoveButton = ({ sx }: { sx?: SxProps<Theme> }) => {
  const resource = useResourceContext() ?? '';
  const record = useRecordContext();
  const showRemoved = useRemovedNotice();
  const unselect = useUnselect(resource);
  const redirect = useRedirect();
  // None outside a form (a list row).
  const form = useFormContext() as ReturnType<typeof useFormContext> | null;
  const keepsTrash = useKeepsTrash();
  const rights = useRights();
  const onSuccess = () => {
    if (!record) return;
    showRemoved(resource, [record.id]);
    unselect([record.id], true);
    // The record is gone: its form's unsaved changes must not hold the way back to the list.
    form?.reset(undefined, { keepValues: true });
    redirect('list', resource);
  };
  if (!mayDelete(resource, record, rights)) return null;
  return (
    <DeleteButton sx={sx} mutationMode="pessimistic" confirmContent={keepsTrash ? 'app.trash.remove_confirm' : undefined} mutationOptions={{ onSuccess }} />
  );
};

/** The bulk remove button, with the same confirmation and notice. */
export const BulkRemoveButton = () => {
  const resource = useResourceContext() ?? '';
  const { selectedIds, onUnselectItems } = useListContext();
  const showRemoved = useRemovedNotice();
  const onSuccess = () => {
    showRemoved(resource, selectedIds);
    onUnselectItems(true);
  };
  return (
    <BulkDeleteButton
      mutationMode="pessimistic"
      confirmContent={useKeepsTrash() ? 'app.trash.remove_many_confirm' : undefined}
      mutationOptions={{ onSuccess }}
    />
  );
};
