import { Alert } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** Shown when a role may not open a screen (a USER on a MANAGER screen). */
export const AccessDenied = () => {
  const translate = useTranslate();
  return (
    <>
      <Title title="app.auth.access_denied" />
      <Alert severity="warning" sx={{ mt: 2 }} data-testid="access-denied">
        {translate('app.auth.access_denied')}
      </Alert>
    </>
  );
};
