import type { ReactNode } from 'react';
import { AppBar, Layout as RaLayout, TitlePortal, UserMenu } from 'react-admin';
import { LogoutButton } from '../buttons/LogoutButton.js';
import { Menu } from './Menu.js';

const AdminUserMenu = () => (
  <UserMenu>
    <LogoutButton />
  </UserMenu>
);

const AdminAppBar = () => (
  <AppBar userMenu={<AdminUserMenu />}>
    <TitlePortal />
  </AppBar>
);

export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout appBar={AdminAppBar} menu={Menu}>
    {children}
  </RaLayout>
);
