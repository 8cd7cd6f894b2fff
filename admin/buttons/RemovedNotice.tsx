import { useDataProvider, useNotify, type Identifier } from 'react-admin';
import { resourceNamed } from '@lib/resources/index.js';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import { useNotifyUndo } from '../common/useNotifyUndo.js';

/**
 * What a removal shows once the server has answered: for a resource that keeps removed records in the trash,
 * «Удалено» with «Отменить» (which puts the records back from the trash under their ids) for the few seconds the
 * notice stays; for another one, react-admin's «deleted».
 */
export const useRemovedNotice = (): ((resource: string, ids: Identifier[]) => void) => {
  const notify = useNotify();
  const notifyUndo = useNotifyUndo();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const putBack = async (resource: string, ids: Identifier[]) => {
    try {
      for (const id of ids) await dataProvider.restoreFromTrash('trash', { resource, recordId: Number(id) });
      notify('app.trash.undone', { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };
  return (resource, ids) => {
    if (resourceNamed(resource)?.trash) notifyUndo('app.trash.removed', () => void putBack(resource, ids));
    else notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: ids.length } });
  };
};
