import FindReplaceIcon from '@mui/icons-material/FindReplace';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { AdminDataProvider, Asset, AssetUse } from '../../dataProvider/index.js';
import { AssetUseList } from './AssetUses.js';
import { RevertFileButton } from './RevertFileButton.js';

/** A file chosen to replace the asset's, waiting for the editor to confirm, with the records that will show it. */
interface Chosen {
  file: File;
  uses: AssetUse[];
}

/**
 * «Заменить файл»: a new file of the same kind for the asset. It keeps its id (and a document its address); the
 * server re-cuts the image's variants and refreshes every page that shows it. Since that changes published pages at
 * once, the editor is asked first, with every record that uses the file named (published ones marked); the replaced
 * file is kept, so «Вернуть прежний файл» beside it undoes the replacement. The screen then reads the asset again.
 * A new file named otherwise than the asset is offered as its name (the form's «Название», saved with the form).
 */
export const ReplaceFileButton = () => {
  const record = useRecordContext<Asset>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [newName, setNewName] = useState<string | null>(null);
  const { setValue } = useFormContext();
  if (!record) return null;
  const warn = (error: unknown) => notify(error instanceof Error ? error.message : String(error), { type: 'warning' });
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const { data: uses } = await dataProvider.getAssetUses('assets', { id: record.id });
      setChosen({ file, uses });
    } catch (error) {
      warn(error);
    }
  };
  const replace = async (file: File) => {
    setChosen(null);
    setPercent(0);
    try {
      await dataProvider.replaceAsset('assets', { id: record.id, file, onProgress: setPercent });
      notify('app.assets.replace.done', { type: 'success' });
      setNewName(file.name !== record.name ? file.name : null);
      refresh();
    } catch (error) {
      warn(error);
    } finally {
      setPercent(null);
    }
  };
  return (
    <Box sx={{ my: 1 }}>
      <input
        ref={input}
        type="file"
        hidden
        accept={record.kind === 'image' ? 'image/*' : undefined}
        onChange={(event) => void choose(event)}
        aria-label={translate('app.assets.replace.button')}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" variant="outlined" startIcon={<FindReplaceIcon />} disabled={percent !== null} onClick={() => input.current?.click()}>
          {translate('app.assets.replace.button')}
        </Button>
        <RevertFileButton />
      </Box>
      {newName !== null && newName !== record.name ? (
        <Alert
          severity="info"
          sx={{ mt: 1 }}
          action={
            <Button
              size="small"
              onClick={() => {
                setValue('name', newName, { shouldDirty: true });
                setNewName(null);
              }}
            >
              {translate('app.assets.replace.rename', { name: newName })}
            </Button>
          }
        >
          {translate('app.assets.replace.rename_offer', { name: newName })}
        </Alert>
      ) : null}
      {percent !== null ? <LinearProgress variant="determinate" value={percent} aria-label={translate('app.upload.label')} sx={{ mt: 1 }} /> : null}
      <Confirm
        isOpen={chosen !== null}
        title={translate('app.assets.replace.title', { name: record.name })}
        content={
          <>
            <Typography variant="body2">{translate(chosen?.uses.length ? 'app.assets.replace.used' : 'app.assets.replace.unused')}</Typography>
            {chosen?.uses.length ? <AssetUseList uses={chosen.uses} /> : null}
            <Typography variant="body2">{translate('app.assets.replace.kept')}</Typography>
          </>
        }
        confirm="app.assets.replace.confirm"
        confirmColor="warning"
        onConfirm={() => chosen && void replace(chosen.file)}
        onClose={() => setChosen(null)}
      />
    </Box>
  );
};
