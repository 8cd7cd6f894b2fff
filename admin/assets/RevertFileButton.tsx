import UndoIcon from '@mui/icons-material/Undo';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { AdminDataProvider, Asset } from '../../dataProvider/index.js';
import { formatDateTime } from '../common/dateTime.js';

/**
 * «Вернуть прежний файл»: undoes the asset's last replacement, after a confirmation; shown while the asset keeps the
 * file it had before. Every record that uses the asset shows the previous file again.
 */
export const RevertFileButton = () => {
  const record = useRecordContext<Asset>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const previous = record?.previous_file;
  if (!record || !previous) return null;
  const revert = async () => {
    setBusy(true);
    try {
      await dataProvider.revertAssetFile('assets', { id: record.id, previousData: record });
      notify('app.assets.revert.done', { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'warning' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<UndoIcon />} disabled={busy} onClick={() => setAsking(true)}>
        {translate('app.assets.revert.button')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title="app.assets.revert.title"
        content={translate('app.assets.revert.content', { date: formatDateTime(previous.replaced_at) })}
        confirm="app.assets.revert.button"
        onConfirm={() => void revert()}
        onClose={() => setAsking(false)}
      />
    </>
  );
};
