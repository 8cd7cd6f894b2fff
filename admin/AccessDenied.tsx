import { Alert } from '@mui/material';
import { Navigate, Title, useAuthState, useTranslate } from 'react-admin';
import { ADMIN_HOME } from '../authProvider/index.js';

/**
 * Shown when a role may not open a screen (a USER on a MANAGER screen). Without a session nothing is denied but the
 * sign-in: a screen whose rights were read again just after the session ended comes here, and goes on to the login.
 */
export const AccessDenied = () => {
  const translate = useTranslate();
  const { isPending, authenticated } = useAuthState(undefined, false);
  if (isPending) return null;
  if (!authenticated) return <Navigate to={ADMIN_HOME} replace />;
  return (
    <>
      <Title title="app.auth.access_denied" />
      <Alert severity="warning" sx={{ mt: 2 }} data-testid="access-denied">
        {translate('app.auth.access_denied')}
      </Alert>
    </>
  );
};
