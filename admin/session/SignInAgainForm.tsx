import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useAuthProvider, useGetIdentity, useLogout, useNotify, useTranslate } from 'react-admin';
import { TwoFactorChallenge, type AdminAuthProvider, type LoginParams } from '../../authProvider/index.js';
import { authText } from '../i18n/auth.js';
import { endSessionLost } from './sessionLost.js';

/** «Сессия закончилась»: the password step, then the two-factor code when the account asks for one; or «Выйти». */
export const SignInAgainForm = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const authProvider = useAuthProvider<AdminAuthProvider>();
  const { identity } = useGetIdentity();
  const [email, setEmail] = useState(typeof identity?.email === 'string' ? identity.email : '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signIn = async (params: LoginParams) => {
    setBusy(true);
    setFailure(null);
    try {
      if (!authProvider) return;
      await authProvider.login(params);
      endSessionLost();
      notify('app.auth.signed_in_again', { type: 'info' });
    } catch (error) {
      if (error instanceof TwoFactorChallenge) setChallenge(error.challenge);
      else setFailure(authText(error instanceof Error ? error.message : 'app.auth.sign_in_error'));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (challenge !== null) void signIn({ challenge, code: code.trim() });
    else if (email.trim() && password) void signIn({ email: email.trim(), password });
    else setFailure(translate('app.auth.required'));
  };

  const signOut = () => {
    endSessionLost();
    void logout();
  };

  return (
    <Dialog open aria-labelledby="sign-in-again-title" aria-describedby="sign-in-again-text">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="sign-in-again-title">{translate('app.auth.session_lost_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="sign-in-again-text" sx={{ mb: 2 }}>
            {translate('app.auth.session_lost_text')}
          </DialogContentText>
          {challenge === null ? (
            <>
              <TextField
                label={translate('app.auth.email')}
                type="email"
                autoComplete="username"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                fullWidth
                margin="dense"
                required
              />
              <TextField
                label={translate('app.auth.password')}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                fullWidth
                margin="dense"
                required
                autoFocus
              />
            </>
          ) : (
            <TextField
              label={translate('app.auth.code')}
              helperText={translate('app.auth.code_help')}
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              fullWidth
              margin="dense"
              autoFocus
            />
          )}
          {failure ? (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {failure}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={signOut} disabled={busy}>
            {translate('app.auth.logout')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('app.auth.sign_in')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
