import { Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLogin, useNotify, useTranslate } from 'react-admin';

/**
 * The second step of the login screen for an account with two-factor sign-in: «Код из приложения» (or a recovery
 * code) for the challenge the password step answered; only then does the server set the session cookies.
 */
export const TwoFactorLoginStep = ({ challenge, onBack }: { challenge: string; onBack: () => void }) => {
  const login = useLogin();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    setLoading(true);
    try {
      await login({ challenge, code: code.trim() });
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
    } catch (error) {
      setCode('');
      notify(error instanceof Error ? error.message : 'ra.auth.sign_in_error', { type: 'error' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate sx={{ display: 'grid', gap: 2 }} data-testid="two-factor-step">
      <Typography variant="body2">{translate('app.auth.two_factor_prompt')}</Typography>
      <TextField
        label={translate('app.auth.code')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        helperText={translate('app.auth.code_help')}
        fullWidth
        autoFocus
        required
      />
      <Button type="submit" variant="contained" fullWidth disabled={loading}>
        {loading ? <CircularProgress size={22} color="inherit" /> : translate('app.auth.confirm')}
      </Button>
      <Button variant="text" fullWidth onClick={onBack} disabled={loading}>
        {translate('app.auth.back')}
      </Button>
    </Box>
  );
};
