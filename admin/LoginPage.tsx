import LockIcon from '@mui/icons-material/Lock';
import { Avatar, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, PasswordInput, required, TextInput, useLogin, useNotify, useTranslate } from 'react-admin';
import { TwoFactorChallenge } from '../authProvider/index.js';
import { TwoFactorLoginStep } from './profile/TwoFactorLoginStep.js';

interface Credentials {
  email?: string;
  password?: string;
}

/** The login screen shown at /admin to a visitor without a session. */
export const LoginPage = () => {
  const login = useLogin();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  // Set when the password was right and the account signs in with a second factor: the code step shows.
  const [challenge, setChallenge] = useState<string | null>(null);

  const submit = async (values: Credentials) => {
    setLoading(true);
    try {
      await login({ email: values.email ?? '', password: values.password ?? '' });
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
    } catch (error) {
      if (error instanceof TwoFactorChallenge) return setChallenge(error.challenge);
      notify(error instanceof Error ? error.message : 'ra.auth.sign_in_error', { type: 'error' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
      }}
    >
      <Card sx={{ width: 380, maxWidth: '94vw' }}>
        <CardContent sx={{ '& form.two-factor-pending': { display: 'none' } }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 1 }}>
            <Avatar sx={{ bgcolor: 'primary.main', mb: 1 }}>
              <LockIcon />
            </Avatar>
            <Typography variant="h6" component="h1">
              {translate('app.auth.login_title')}
            </Typography>
          </Box>
          {challenge ? <TwoFactorLoginStep challenge={challenge} onBack={() => setChallenge(null)} /> : null}
          <Form
            className={challenge ? 'two-factor-pending' : undefined}
            onSubmit={(values: Record<string, unknown>) => submit(values as Credentials)}
            noValidate
          >
            <TextInput source="email" label="app.auth.email" type="email" autoComplete="username" validate={required()} fullWidth autoFocus />
            <PasswordInput source="password" label="app.auth.password" autoComplete="current-password" validate={required()} fullWidth />
            <Button type="submit" variant="contained" fullWidth disabled={loading} sx={{ mt: 2 }}>
              {loading ? <CircularProgress size={22} color="inherit" /> : translate('app.auth.sign_in')}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
};
