import { Box } from '@mui/material';
import { Loading, Title } from 'react-admin';
import { AccountForm } from './AccountForm.js';
import { SecuritySection } from './SecuritySection.js';
import { TwoFactorSection } from './TwoFactorSection.js';
import { useAccount } from './useAccount.js';

/** «Профиль» at /admin/profile: every staff member's own account, two-factor sign-in, and (MANAGER) «Безопасность». */
export const ProfilePage = () => {
  const account = useAccount();
  if (!account.data) return account.isPending ? <Loading /> : null;
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2, mb: 4 }}>
      <Title title="app.profile.title" />
      <TwoFactorSection account={account.data} />
      <AccountForm key={`${account.data.id}-${account.data.email}-${account.data.name}`} account={account.data} />
      {account.data.role === 'MANAGER' ? <SecuritySection /> : null}
    </Box>
  );
};
