import FindReplaceIcon from '@mui/icons-material/FindReplace';
import { Box, Button, LinearProgress } from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { AdminDataProvider, Asset } from '../../dataProvider/index.js';

/**
 * «Заменить файл»: a new file of the same kind for the asset. It keeps its id (and a document its address); the
 * server re-cuts the image's variants and refreshes every page that shows it. The screen then reads the asset again.
 */
export const ReplaceFileButton = () => {
  const record = useRecordContext<Asset>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  if (!record) return null;
  const replace = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPercent(0);
    try {
      await dataProvider.replaceAsset('assets', { id: record.id, file, onProgress: setPercent });
      notify('app.assets.replace.done', { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'warning' });
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
        onChange={(event) => void replace(event)}
        aria-label={translate('app.assets.replace.button')}
      />
      <Button size="small" variant="outlined" startIcon={<FindReplaceIcon />} disabled={percent !== null} onClick={() => input.current?.click()}>
        {translate('app.assets.replace.button')}
      </Button>
      {percent !== null ? <LinearProgress variant="determinate" value={percent} aria-label={translate('app.upload.label')} sx={{ mt: 1 }} /> : null}
    </Box>
  );
};
