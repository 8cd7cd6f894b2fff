import { Alert, Chip, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { AdminDownloadFile } from '@lib/types.js';

/** Whether a file as the admin reads it is a PDF without a text layer (a scan screen readers cannot read). */
export const isScan = (file: unknown): boolean => typeof file === 'object' && file !== null && (file as Partial<AdminDownloadFile>).text_layer === false;

/** Whether a form's file value is a file just chosen (react-admin's `{ rawFile }`), not the stored one. */
export const isNewFile = (value: unknown): boolean => typeof value === 'object' && value !== null && 'rawFile' in value;

/** Whether a save sent a new file in some field that the server then read as a scan. */
function uploadedScan(sent: Record<string, unknown>, saved: Record<string, unknown>): boolean {
  return Object.entries(sent).some(([name, value]) => isNewFile(value) && isScan(saved[name]));
}

/**
 * Warns the editor once a save uploaded a PDF without a text layer (the save itself went through): whichever button
 * saved the record, the answer of its create or update names the scan. Mounted once, in the layout.
 */
export const ScanUploadWarning = () => {
  const queryClient = useQueryClient();
  const notify = useNotify();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        const kind = event.mutation.options.mutationKey?.[1];
        if (kind !== 'create' && kind !== 'update') return;
        const sent = (event.mutation.state.variables as { data?: Record<string, unknown> } | undefined)?.data;
        const saved = event.action.data as Record<string, unknown> | undefined;
        if (sent && saved && uploadedScan(sent, saved)) notify('app.upload.no_text_layer', { type: 'warning', autoHideDuration: null });
      }),
    [queryClient, notify],
  );
  return null;
};

/** Under a stored file in a form: the warning that it is a scan, for a PDF without a text layer. */
export const ScanAlert = ({ file }: { file: unknown }) => {
  const translate = useTranslate();
  if (!isScan(file)) return null;
  return (
    <Alert severity="warning" sx={{ my: 1 }}>
      {translate('app.upload.no_text_layer_hint')}
    </Alert>
  );
};

/** In a list: a small mark of a scan, its reason as a tooltip. */
export const ScanChip = ({ file }: { file: unknown }) => {
  const translate = useTranslate();
  if (!isScan(file)) return null;
  const hint = translate('app.upload.no_text_layer_hint');
  return (
    <Tooltip title={hint} describeChild>
      <Chip size="small" color="warning" variant="outlined" label={translate('app.upload.no_text_layer_short')} sx={{ ml: 1 }} />
    </Tooltip>
  );
};
