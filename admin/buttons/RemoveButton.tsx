import { BulkDeleteButton, DeleteButton, useResourceContext } from 'react-admin';
import { resourceNamed } from '@lib/resources/index.js';

/** Whether the list's resource keeps removed records in the trash (its confirmation then says so). */
const useKeepsTrash = (): boolean => Boolean(resourceNamed(useResourceContext() ?? '')?.trash);

/** A row's remove button: pessimistic, after a confirmation that says where the record goes. */
export const RemoveButton = () => <DeleteButton mutationMode="pessimistic" confirmContent={useKeepsTrash() ? 'app.trash.remove_confirm' : undefined} />;

/** The bulk remove button, with the same confirmation. */
export const BulkRemoveButton = () => (
  <BulkDeleteButton mutationMode="pessimistic" confirmContent={useKeepsTrash() ? 'app.trash.remove_many_confirm' : undefined} />
);
