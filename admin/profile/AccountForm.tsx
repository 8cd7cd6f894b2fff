import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { fieldError, useAccountApi, type Account } from './accountApi.js';
import { useAccountChanged, useReportError } from './useAccount.js';

/** Name, e-mail and a new password; a new e-mail or password needs the current password, the name alone does not. */
export const AccountForm = ({ account }: { account: Account }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useAccountApi();
  const changed = useAccountChanged();
  const report = useReportError();
  const [name, setName] = useState(account.name);
  const [email, setEmail] = useState(account.email);
  const [password, setPassword] = useState('');
  const [current, setCurrent] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  const needsCurrent = password !== '' || email.trim().toLowerCase() !== account.email.toLowerCase();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await api.update({ name, email, ...(password ? { password } : {}), ...(needsCurrent ? { current_password: current } : {}) });
      setPassword('');
      setCurrent('');
      notify('app.notification.saved', { type: 'success' });
      await changed();
    } catch (failure) {
      setError(failure);
      await report(failure);
    } finally {
      setSaving(false);
    }
  };

  const helper = (field: string, fallback?: string) => fieldError(error, field) ?? fallback;

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.profile.account')}
        </Typography>
        <Box component="form" onSubmit={(event) => void submit(event)} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
          <TextField
            label={translate('app.profile.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            error={Boolean(fieldError(error, 'name'))}
            helperText={helper('name')}
          />
          <TextField
            label={translate('app.profile.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            autoComplete="username"
            error={Boolean(fieldError(error, 'email'))}
            helperText={helper('email')}
          />
          <TextField
            label={translate('app.profile.new_password')}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            error={Boolean(fieldError(error, 'password'))}
            helperText={helper('password', translate('app.profile.new_password_help'))}
          />
          {needsCurrent ? (
            <TextField
              label={translate('app.profile.current_password')}
              type="password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
              required
              autoComplete="current-password"
              error={Boolean(fieldError(error, 'current_password'))}
              helperText={helper('current_password')}
            />
          ) : null}
          <Box>
            <Button type="submit" variant="contained" disabled={saving}>
              {translate('app.profile.save')}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
};
