import { Box, LinearProgress, Typography } from '@mui/material';
import { createContext, useContext, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { UploadProgressMeta } from '../../dataProvider/index.js';

/** The percent of the form's file upload while its multipart request goes up; null otherwise. */
const UploadProgressContext = createContext<number | null>(null);

export const UploadProgressProvider = UploadProgressContext.Provider;

/** The upload's percent and the mutation `meta` that makes the dataProvider report it. */
export function useUploadProgress(): [number | null, UploadProgressMeta] {
  const [percent, setPercent] = useState<number | null>(null);
  const meta = useMemo<UploadProgressMeta>(() => ({ onUploadProgress: setPercent }), []);
  return [percent, meta];
}

/** A progress bar with the percent while the form's files upload (large documents take a while). */
export const UploadProgress = () => {
  const percent = useContext(UploadProgressContext);
  const translate = useTranslate();
  if (percent === null) return null;
  return (
    <Box sx={{ width: '100%', my: 1 }} role="status">
      <LinearProgress variant="determinate" value={percent} aria-label={translate('app.upload.label')} />
      <Typography variant="caption" color="text.secondary">
        {translate('app.upload.progress', { percent })}
      </Typography>
    </Box>
  );
};
