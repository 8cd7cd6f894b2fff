import ExitIcon from '@mui/icons-material/PowerSettingsNew';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef } from 'react';
import { useLogout, useNotify, useTranslate } from 'react-admin';
import { LOGOUT_FAILED_KEY } from '../../authProvider/index.js';

/**
 * Logs out through the authProvider, which calls the server first. If that fails, the failure is reported and the
 * user stays logged in; react-admin's own Logout would swallow the error.
 */
export const LogoutButton = forwardRef<HTMLLIElement>(function LogoutButton(_props, ref) {
  const logout = useLogout();
  const notify = useNotify();
  const translate = useTranslate();
  const onClick = async () => {
    try {
      await logout();
    } catch {
      notify(LOGOUT_FAILED_KEY, { type: 'error' });
    }
  };
  return (
    <MenuItem ref={ref} onClick={() => void onClick()} data-testid="logout">
      <ListItemIcon>
        <ExitIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.auth.logout')}</ListItemText>
    </MenuItem>
  );
});
