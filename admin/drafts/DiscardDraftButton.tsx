import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { useDataProvider, useResourceContext, type RaRecord } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import { ConfirmButton } from '../buttons/ConfirmButton.js';
import { useDraftAction } from './useDraftAction.js';

/** «Отменить черновик»: after a confirmation the draft is deleted and the form shows the published version again. */
export const DiscardDraftButton = ({ record }: { record: RaRecord }) => {
  const resource = useResourceContext() ?? '';
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { run } = useDraftAction();
  return (
    <ConfirmButton
      label="app.draft.discard"
      icon={<DeleteSweepIcon />}
      color="error"
      content="app.draft.discard_confirm"
      confirm="app.draft.discard"
      confirmColor="warning"
      onConfirm={async () => {
        await run(() => dataProvider.discardDraft(resource, { id: record.id, previousData: record }), 'app.draft.discarded');
      }}
    />
  );
};
