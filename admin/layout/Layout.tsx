import type { ReactNode } from 'react';
import { AppBar, Layout as RaLayout, TitlePortal, UserMenu } from 'react-admin';
import { LogoutButton } from '../buttons/LogoutButton.js';
import { ProfileMenuItem } from '../profile/ProfileMenuItem.js';
import { TwoFactorGate } from '../profile/TwoFactorGate.js';
import { SignInAgainDialog } from '../session/SignInAgainDialog.js';
import { ScanUploadWarning } from '../common/textLayer.js';
import { Menu } from './Menu.js';

const AdminUserMenu = () => (
  <UserMenu>
    <ProfileMenuItem />
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
    <TwoFactorGate>{children}</TwoFactorGate>
    <SignInAgainDialog />
    <ScanUploadWarning />
  </RaLayout>
);
