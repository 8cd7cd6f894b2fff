import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Button, Confirm, HttpError, useDataProvider, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { useState } from 'react';
import type { AdminDataProvider, Asset, AssetUse } from '../../dataProvider/index.js';
import { AssetUseList } from './AssetUses.js';

type Step = { name: 'idle' } | { name: 'confirm' } | { name: 'used'; uses: AssetUse[] };

/**
 * Removes an asset to the trash after a confirmation. While records use it the server refuses (409): the editor then
 * sees the list of those records and may remove it all the same.
 */
export const AssetRemoveButton = () => {
  const record = useRecordContext<Asset>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const removed = () => {
    notify('app.assets.delete.done', { type: 'info' });
    redirect('list', 'assets');
  };
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setStep({ name: 'idle' });
      notify(error instanceof Error ? error.message : String(error), { type: 'warning' });
    } finally {
      setBusy(false);
    }
  };
  const remove = () =>
    run(async () => {
      try {
        await dataProvider.delete('assets', { id: record.id, previousData: record });
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 409) throw error;
        const { data: uses } = await dataProvider.getAssetUses('assets', { id: record.id });
        setStep({ name: 'used', uses });
        return;
      }
      setStep({ name: 'idle' });
      removed();
    });
  const removeUsed = () =>
    run(async () => {
      await dataProvider.removeUsedAsset('assets', { id: record.id, previousData: record });
      setStep({ name: 'idle' });
      removed();
    });

  return (
    <>
      <Button label="app.assets.delete.button" color="error" sx={{ ml: 'auto' }} onClick={() => setStep({ name: 'confirm' })}>
        <DeleteOutlineIcon />
      </Button>
      <Confirm
        isOpen={step.name === 'confirm'}
        loading={busy}
        title="app.assets.delete.button"
        content="app.assets.delete.confirm"
        onConfirm={() => void remove()}
        onClose={() => setStep({ name: 'idle' })}
      />
      <Confirm
        isOpen={step.name === 'used'}
        loading={busy}
        title="app.assets.delete.used_title"
        content={
          <>
            {translate('app.assets.delete.used')}
            <AssetUseList uses={step.name === 'used' ? step.uses : []} />
          </>
        }
        confirm="app.assets.delete.confirm_used"
        confirmColor="warning"
        onConfirm={() => void removeUsed()}
        onClose={() => setStep({ name: 'idle' })}
      />
    </>
  );
};
