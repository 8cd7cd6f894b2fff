import PersonIcon from '@mui/icons-material/Person';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef } from 'react';
import { useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';
import { PROFILE_PATH } from '../../authProvider/index.js';

/** «Профиль» in the user menu. */
export const ProfileMenuItem = forwardRef<HTMLAnchorElement>(function ProfileMenuItem(_props, ref) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to={PROFILE_PATH} ref={ref} onClick={() => userMenu?.onClose()} data-testid="profile-link">
      <ListItemIcon>
        <PersonIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.profile.title')}</ListItemText>
    </MenuItem>
  );
});
