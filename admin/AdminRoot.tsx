import { CssBaseline } from '@mui/material';
import { useState } from 'react';
import {
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorPage,
  LoadingPage,
  localStorageStore,
  NotFound,
  Resource,
} from 'react-admin';
import { createBrowserRouter, Route, RouterProvider } from 'react-router-dom';
import { ADMIN_HOME, type AdminAuthProvider } from '../authProvider/index.js';
import { AccessDenied } from './AccessDenied.js';
import { AdminHome, LoginRedirect } from './AdminHome.js';
import { lazyScreen } from './common/lazyScreen.js';
import { i18nProvider } from './i18n/index.js';
import { Layout } from './layout/Layout.js';
import { Notification } from './layout/Notification.js';
import { createProviders, type AdminProviders } from './providers.js';
import { RESOURCE_VIEWS } from './resources.js';
import { theme } from './theme.js';

const ProfilePage = lazyScreen(async () => (await import('./profile/ProfilePage.js')).ProfilePage);
const CalendarPage = lazyScreen(async () => (await import('./calendar/CalendarPage.js')).CalendarPage);
const TrashList = lazyScreen(async () => (await import('./trash/TrashList.js')).TrashList);
const IndexNowList = lazyScreen(async () => (await import('./indexnow/IndexNowList.js')).IndexNowList);
const BackupsPage = lazyScreen(async () => (await import('./backups/BackupsPage.js')).BackupsPage);
const RoleList = lazyScreen(async () => (await import('./roles/index.js')).RoleList);
const RoleCreate = lazyScreen(async () => (await import('./roles/index.js')).RoleCreate);
const RoleEdit = lazyScreen(async () => (await import('./roles/index.js')).RoleEdit);
const SiteSettingsPage = lazyScreen(async () => (await import('./settings/SiteSettingsPage.js')).SiteSettingsPage);

const store = localStorageStore();
/** react-admin renders the page for unknown addresses without props. */
const PageNotFound = () => <NotFound />;

/**
 * react-admin under the `/admin` basename, inside a router that already matched /admin/*. Put together from its
 * parts rather than `<Admin>`, whose defaults (react-admin's own login form, its English messages) would ship unused.
 */
const AdminRoutes = ({ providers }: { providers: AdminProviders }) => (
  <AdminContext
    basename={ADMIN_HOME}
    dataProvider={providers.dataProvider}
    authProvider={providers.authProvider}
    queryClient={providers.queryClient}
    i18nProvider={i18nProvider}
    store={store}
    theme={theme}
  >
    <CssBaseline enableColorScheme />
    <CoreAdminUI
      title="app.title"
      layout={Layout}
      loginPage={LoginRedirect}
      accessDenied={AccessDenied}
      authenticationError={AuthenticationError}
      catchAll={PageNotFound}
      error={ErrorPage}
      loading={LoadingPage}
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/" element={<AdminHome />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/calendar" element={<CalendarPage />} />
      </CustomRoutes>
      {RESOURCE_VIEWS.map(({ name, ...views }) => (
        <Resource key={name} name={name} {...views} />
      ))}
      <Resource name="trash" list={TrashList} />
      <Resource name="indexnow" list={IndexNowList} />
      <Resource name="backups" list={BackupsPage} />
      <Resource name="review" list={SiteSettingsPage} />
      <Resource name="roles" list={RoleList} create={RoleCreate} edit={RoleEdit} recordRepresentation="title" />
    </CoreAdminUI>
    <Notification />
  </AdminContext>
);

export interface AdminRootProps {
  /** Ready-made providers (tests); otherwise built around the login screen's authProvider. */
  providers?: AdminProviders;
  authProvider: AdminAuthProvider;
}

/**
 * The signed-in admin (its own chunk): real paths (`/admin/news/3`) through a browser data router, react-admin mounted
 * under the `/admin` basename, Russian messages, toasts at the top centre.
 */
export default function AdminRoot({ providers, authProvider }: AdminRootProps) {
  // A data router, which lets a form with unsaved changes ask before the editor leaves it.
  const [router] = useState(() => {
    const ready = providers ?? createProviders({ authProvider });
    return createBrowserRouter([{ path: `${ADMIN_HOME}/*`, element: <AdminRoutes providers={ready} /> }]);
  });
  return <RouterProvider router={router} />;
}
