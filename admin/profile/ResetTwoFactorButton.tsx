import LockResetIcon from '@mui/icons-material/LockReset';
import { ListButton, TopToolbar, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ConfirmButton } from '../buttons/ConfirmButton.js';
import { useAccountApi } from './accountApi.js';
import { useReportError } from './useAccount.js';

/**
 * «Сбросить 2FA» on a user's page (MANAGER): for a colleague who lost their phone. The account signs in with its
 * password again and can enrol anew; its sessions end. Shown only for accounts with two-factor sign-in.
 */
export const ResetTwoFactorButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useAccountApi();
  const report = useReportError();
  if (!record || Number(record.two_factor) !== 1) return null;

  const reset = async () => {
    try {
      await api.resetUser(record.id);
      notify('app.users.reset_2fa_done', { type: 'success' });
      refresh();
    } catch (error) {
      await report(error);
    }
  };

  return (
    <ConfirmButton
      label="app.users.reset_2fa"
      icon={<LockResetIcon />}
      content={translate('app.users.reset_2fa_confirm', { name: String(record.name || record.email || '') })}
      onConfirm={reset}
    />
  );
};

/** The edit screen's buttons of a user: reset their two-factor sign-in, back to the list. */
export const resetTwoFactorActions = (
  <TopToolbar>
    <ResetTwoFactorButton />
    <ListButton />
  </TopToolbar>
);
