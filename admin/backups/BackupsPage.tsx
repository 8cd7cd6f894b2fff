import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
import { formatFileSize } from '@lib/format.js';
import { formatDateTime } from '../common/dateTime.js';
import { saveFile } from '../common/saveFile.js';
import { messageOf } from '../profile/accountApi.js';
import { BackupNow } from './BackupNow.js';
import { BACKUPS_QUERY_KEY, useBackupsApi, type BackupRun } from './backupsApi.js';
import './texts.js';

const RunLine = ({ label, run, failed }: { label: string; run: BackupRun | null; failed?: boolean }) => {
  const translate = useTranslate();
  return (
    <Typography>
      {translate(label)}: {run ? formatDateTime(run.finished_at) : translate('app.backups.never')}
      {run && failed ? ` — ${run.error ?? ''}` : ''}
      {run && !failed && run.size !== null ? ` (${run.archive ?? ''}, ${formatFileSize(run.size)})` : ''}
    </Typography>
  );
};

/** Asks for the password again before an archive (personal data) is downloaded; the server audits the download. */
const DownloadDialog = ({ name, onClose }: { name: string; onClose: () => void }) => {
  const translate = useTranslate();
  const api = useBackupsApi();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(await api.download(name, password), name);
      onClose();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>{translate('app.backups.download_title', { name })}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{translate('app.backups.download_help')}</Typography>
        <TextField
          label={translate('app.profile.password')}
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          error={error !== null}
          helperText={error ?? ' '}
          fullWidth
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy || password === ''} onClick={() => void download()} startIcon={<DownloadIcon />}>
          {translate('app.backups.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** «Резервные копии» at /admin/backups (MANAGER): the schedule, the last success and failure, the archives kept. */
export const BackupsPage = () => {
  const translate = useTranslate();
  const api = useBackupsApi();
  // Asked again every second while a backup is being made, for its progress.
  const overview = useQuery({
    queryKey: BACKUPS_QUERY_KEY,
    queryFn: api.overview,
    refetchInterval: (query) => (query.state.data?.running ? 1000 : false),
  });
  const [downloading, setDownloading] = useState<string | null>(null);
  if (!overview.data) return overview.isPending ? <Loading /> : <Alert severity="error">{messageOf(overview.error)}</Alert>;
  const { data } = overview;
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2, mb: 4 }}>
      <Title title="app.backups.title" />
      <Card>
        <CardContent>
          <Typography>
            {data.schedule ? translate('app.backups.schedule', { schedule: data.schedule, keep: data.keep }) : translate('app.backups.no_schedule')}
          </Typography>
          <RunLine label="app.backups.last_success" run={data.last_success} />
          <RunLine label="app.backups.last_failure" run={data.last_failure} failed />
          {data.encrypted ? null : (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {translate('app.backups.unencrypted')}
            </Alert>
          )}
          <BackupNow overview={data} />
        </CardContent>
      </Card>
      <Card>
        {data.archives_error && data.archives.length > 0 ? (
          <Alert severity="error" sx={{ m: 1 }}>
            {data.archives_error}
          </Alert>
        ) : null}
        <Table size="small" aria-label={translate('app.backups.archives')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.backups.name')}</TableCell>
              <TableCell>{translate('app.backups.size')}</TableCell>
              <TableCell>{translate('app.backups.created_at')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.archives.map((archive) => (
              <TableRow key={archive.name}>
                <TableCell>{archive.name}</TableCell>
                <TableCell>{formatFileSize(archive.size)}</TableCell>
                <TableCell>{formatDateTime(archive.created_at)}</TableCell>
                <TableCell align="right">
                  <Button size="small" startIcon={<DownloadIcon />} onClick={() => setDownloading(archive.name)}>
                    {translate('app.backups.download')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {data.archives.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>
                  {data.archives_error ? <Alert severity="error">{data.archives_error}</Alert> : translate('app.backups.empty')}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </Card>
      {downloading ? <DownloadDialog name={downloading} onClose={() => setDownloading(null)} /> : null}
    </Box>
  );
};
