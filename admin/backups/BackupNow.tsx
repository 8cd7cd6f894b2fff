import BackupIcon from '@mui/icons-material/Backup';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatFileSize } from '@lib/format.js';
import { messageOf } from '../profile/accountApi.js';
import { BACKUPS_QUERY_KEY, useBackupsApi, type BackupsOverview } from './backupsApi.js';

/**
 * «Создать копию сейчас»: starts a backup on the server (one at a time, the server refuses a second), shows how far
 * it got while the screen asks again every second, then says whether the archive was made.
 */
export const BackupNow = ({ overview }: { overview: BackupsOverview }) => {
  const translate = useTranslate();
  const api = useBackupsApi();
  const queryClient = useQueryClient();
  const [requested, setRequested] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { running } = overview;

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const run = await api.runNow();
      setRequested(run.archive);
      queryClient.setQueryData<BackupsOverview>(BACKUPS_QUERY_KEY, (old) => old && { ...old, running: run });
    } catch (failure) {
      setError(messageOf(failure));
      await queryClient.invalidateQueries({ queryKey: BACKUPS_QUERY_KEY });
    } finally {
      setBusy(false);
    }
  };

  const outcome = () => {
    if (!requested || running) return null;
    if (overview.archives.some((archive) => archive.name === requested)) {
      return <Alert severity="success">{translate('app.backups.run_done', { archive: requested })}</Alert>;
    }
    const failure = overview.last_failure;
    return failure && failure.started_at >= (overview.last_success?.started_at ?? '') ? (
      <Alert severity="error">{translate('app.backups.run_failed', { error: failure.error ?? '' })}</Alert>
    ) : null;
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, mt: 2 }}>
      <Box>
        <Button variant="contained" startIcon={<BackupIcon />} disabled={busy || running !== null} onClick={() => void start()}>
          {translate('app.backups.run_now')}
        </Button>
      </Box>
      {running ? (
        <Box role="status">
          <Typography>
            {translate('app.backups.running', {
              archive: running.archive,
              rows: running.rows.toLocaleString('ru-RU'),
              files: running.files.toLocaleString('ru-RU'),
              size: formatFileSize(running.bytes),
            })}
          </Typography>
          <LinearProgress sx={{ mt: 1 }} />
        </Box>
      ) : null}
      {error ? <Alert severity="error">{error}</Alert> : outcome()}
    </Box>
  );
};
