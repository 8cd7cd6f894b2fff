import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Recovery codes, shown once right after they were made. */
export const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="subtitle1" component="h3">
        {translate('app.profile.recovery_title')}
      </Typography>
      <Alert severity="warning">{translate('app.profile.recovery_help')}</Alert>
      <Box component="ol" data-testid="recovery-codes" sx={{ fontFamily: 'monospace', fontSize: '1.1rem', columns: 2, maxWidth: 360, m: 0 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box>
        <Button variant="contained" onClick={onDone}>
          {translate('app.profile.done')}
        </Button>
      </Box>
    </Box>
  );
};
