import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, GlobalStyles, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { saveFile } from '../common/saveFile.js';

/** While the codes show, printing the page prints them alone. */
const PRINT_CODES_ONLY = {
  '@media print': {
    'body *': { visibility: 'hidden' },
    '[data-print="recovery-codes"], [data-print="recovery-codes"] *': { visibility: 'visible' },
    '[data-print="recovery-codes"]': { position: 'absolute', inset: '0 auto auto 0' },
  },
};

/** Recovery codes, shown once right after they were made: copied, saved as a .txt file or printed before they go. */
export const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const text = `${translate('app.profile.recovery_title')} (${window.location.host})\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify('app.profile.codes_copied', { type: 'success' });
    } catch {
      notify('app.profile.codes_not_copied', { type: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <GlobalStyles styles={PRINT_CODES_ONLY} />
      <Box data-print="recovery-codes">
        <Typography variant="subtitle1" component="h3">
          {translate('app.profile.recovery_title')}
        </Typography>
        <Box component="ol" data-testid="recovery-codes" sx={{ fontFamily: 'monospace', fontSize: '1.1rem', columns: 2, maxWidth: 360, m: 0 }}>
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
      </Box>
      <Alert severity="warning">{translate('app.profile.recovery_help')}</Alert>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {translate('app.profile.codes_copy')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'recovery-codes.txt')}
        >
          {translate('app.profile.codes_download')}
        </Button>
        <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {translate('app.profile.codes_print')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {translate('app.profile.done')}
        </Button>
      </Box>
    </Box>
  );
};
