import { Button, SnackbarContent } from '@mui/material';
import { useCloseNotification, useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import { resourceNamed } from '@lib/resources/index.js';
import type { AdminDataProvider } from '../../dataProvider/index.js';

interface RemovedNoticeProps {
  resource: string;
  ids: Identifier[];
}

/** «Удалено» with «Отменить», which puts the removed records back from the trash under their ids. */
function RemovedNotice({ resource, ids }: RemovedNoticeProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const close = useCloseNotification();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const undo = async () => {
    close();
    try {
      for (const id of ids) await dataProvider.restoreFromTrash('trash', { resource, recordId: Number(id) });
      notify('app.trash.undone', { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };
  return (
    <SnackbarContent
      message={translate('app.trash.removed')}
      action={
        <Button color="inherit" size="small" onClick={() => void undo()}>
          {translate('ra.action.undo')}
        </Button>
      }
    />
  );
}

/**
 * What a removal shows once the server has answered: for a resource that keeps removed records in the trash,
 * «Удалено» with «Отменить» for the few seconds a toast stays; for another one, react-admin's «deleted».
 */
export const useRemovedNotice = (): ((resource: string, ids: Identifier[]) => void) => {
  const notify = useNotify();
  return (resource, ids) => {
    if (resourceNamed(resource)?.trash) notify(<RemovedNotice resource={resource} ids={ids} />);
    else notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: ids.length } });
  };
};
