import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { fieldError, useAccountApi, type Account, type TwoFactorSetup } from './accountApi.js';
import { RecoveryCodes } from './RecoveryCodes.js';
import { useAccountChanged, useReportError } from './useAccount.js';

/**
 * «Двухфакторная аутентификация»: enrolment (QR code and the secret for manual entry; on only after a valid code),
 * the recovery codes shown once, and, once on, new recovery codes or turning it off (both ask for the password).
 */
export const TwoFactorSection = ({ account }: { account: Account }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useAccountApi();
  const changed = useAccountChanged();
  const report = useReportError();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure);
      await report(failure);
    } finally {
      setBusy(false);
    }
  };

  const start = () => run(async () => setSetup(await api.setup()));

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const answer = await api.enable(code);
      setCodes(answer.recoveryCodes);
      setSetup(null);
      setCode('');
      notify('app.profile.enabled', { type: 'success' });
      // The card says «Включена» at once, while the codes show.
      await changed();
    });
  };

  const regenerate = () =>
    run(async () => {
      const answer = await api.recoveryCodes(password);
      setPassword('');
      setCodes(answer.recoveryCodes);
    });

  const disable = () =>
    run(async () => {
      await api.disable(password);
      setPassword('');
      notify('app.profile.disabled', { type: 'success' });
      await changed();
    });

  const done = async () => {
    setCodes(null);
    await changed();
  };

  let body;
  if (codes) {
    body = <RecoveryCodes codes={codes} onDone={() => void done()} />;
  } else if (account.two_factor === 1) {
    body = (
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
        <Typography>{translate('app.profile.codes_left', { count: account.recovery_codes_left })}</Typography>
        <TextField
          label={translate('app.profile.password')}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          error={Boolean(fieldError(error, 'password'))}
          helperText={fieldError(error, 'password') ?? translate('app.profile.password_help')}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" disabled={busy} onClick={() => void regenerate()}>
            {translate('app.profile.regenerate')}
          </Button>
          <Button variant="outlined" color="error" disabled={busy} onClick={() => void disable()}>
            {translate('app.profile.disable')}
          </Button>
        </Box>
      </Box>
    );
  } else if (setup) {
    body = (
      <Box component="form" onSubmit={(event) => void confirm(event)} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
        <Typography>{translate('app.profile.scan')}</Typography>
        <Box component="img" src={setup.qrCode} alt={translate('app.profile.qr_alt')} data-testid="totp-qr" sx={{ width: 200, height: 200 }} />
        <Typography variant="body2">{translate('app.profile.secret')}</Typography>
        <Box component="code" data-testid="totp-secret" sx={{ fontSize: '1.1rem', letterSpacing: '0.1em', wordBreak: 'break-all' }}>
          {setup.secret}
        </Box>
        <TextField
          label={translate('app.profile.code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={Boolean(fieldError(error, 'code'))}
          helperText={fieldError(error, 'code')}
          autoFocus
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('app.profile.confirm')}
          </Button>
        </Box>
      </Box>
    );
  } else {
    body = (
      <Box>
        <Button variant="contained" disabled={busy} onClick={() => void start()}>
          {translate('app.profile.enable')}
        </Button>
      </Box>
    );
  }

  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {translate('app.profile.two_factor')}
        </Typography>
        <Typography data-testid="two-factor-status">{translate(account.two_factor === 1 ? 'app.profile.status_on' : 'app.profile.status_off')}</Typography>
        {account.two_factor_required === 1 && account.two_factor !== 1 && !codes ? (
          <Alert severity="warning" data-testid="two-factor-required">
            {translate('app.profile.required')}
          </Alert>
        ) : null}
        {body}
      </CardContent>
    </Card>
  );
};
